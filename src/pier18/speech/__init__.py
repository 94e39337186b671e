"""The wording two or more modules must say the same way, by subject: `people`, `scores`,
`moves`, `why`, `keys` and `notices`. Plain strings made of catalog messages from the
engine's values; it reads only the engine and `pier18.i18n`. A sentence one module says is
written in that module (docs/translating.md).
"""
