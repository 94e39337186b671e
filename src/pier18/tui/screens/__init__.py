"""The app's screens, one per module; each is imported only when first shown."""
