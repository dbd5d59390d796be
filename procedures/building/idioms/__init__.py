"""The widget idioms a recording may show, one module each: its detector (where in the recording the idiom's use
starts and ends) and its step maker (the one procedure step that replays that use)."""
