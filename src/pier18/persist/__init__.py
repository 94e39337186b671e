"""Games kept on disk: the session being played, its JSON record, and autosaves.

`session` holds a game and its decisions; `record` turns a session into JSON and back;
`autosave` writes the record after every decision and finds games to resume; `files`
writes atomically. Nothing here draws on a screen or decides what is hidden.
"""
