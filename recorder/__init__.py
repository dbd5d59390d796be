"""Recording what a person does in Chromium: sessions, steps, the journal and the browser launcher."""

from recorder.models import RecordedStep, Recording
from recorder.session import RecordingSession, recover_journals

__all__ = ["RecordedStep", "Recording", "RecordingSession", "recover_journals"]
