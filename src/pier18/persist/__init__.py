"""Games kept on disk: a session's JSON record, and autosaves.

`record` turns a session (`pier18.session`, the game in progress) into JSON and back;
`autosave` writes the record after every decision and finds games to resume; `files`
writes atomically. Nothing here draws on a screen or decides what is hidden.
"""
