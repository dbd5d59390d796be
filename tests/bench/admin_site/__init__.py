"""A tiny Django project whose admin the admin benchmark records and replays on (tests/bench/bench_admin.py)."""
