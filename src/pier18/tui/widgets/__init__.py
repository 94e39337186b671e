"""The app's widgets, one per module; they render with `pier18.render`."""
