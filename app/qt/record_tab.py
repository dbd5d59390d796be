"""The Record tab: a start URL, a title, Start and Stop, and the steps as they are recorded."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from app.operations import Built
from app.qt.host import Host
from app.qt.table_models import StepsModel
from app.qt.table_view import make_table, show_pictures
from app.qt.worker import BrowserWorker


class RecordTab(QWidget):
    def __init__(self, worker: BrowserWorker, host: Host) -> None:
        super().__init__()
        self.worker, self.host = worker, host
        self.url = QLineEdit("https://")
        self.rec_title = QLineEdit()
        self.rec_title.setPlaceholderText('What you will do, e.g. Log in as "emile"')
        self.rec_description = QLineEdit()
        self.start_button = QPushButton("Start")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.start_button.clicked.connect(self.start_recording)
        self.stop_button.clicked.connect(self.stop_recording)
        self.steps_model = StepsModel()
        self.record_status = QLabel("Press Start, do the task in the browser window, then press Stop (or close the browser).")
        self.record_status.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Start URL", self.url)
        form.addRow("Title", self.rec_title)
        form.addRow("Description", self.rec_description)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.record_status)
        self.steps_view = make_table(self.steps_model, stretch=1, caps={2: 420})
        show_pictures(self.steps_view)
        layout.addWidget(self.steps_view, 1)
        worker.steps_changed.connect(self.show_steps)
        worker.step_picture.connect(self.steps_model.set_picture)
        worker.recording_stopped.connect(self.recording_stopped)
        worker.busy_changed.connect(self.set_busy)

    @Slot()
    def start_recording(self) -> None:
        url = self.url.text().strip()
        if not url or url in ("https://", "http://"):
            self.host.show_error("Enter the URL to start on.")
            return
        self.steps_model.set_steps([])
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.record_status.setText("Recording… every action appears below.")
        self.host.place_browser()
        self.worker.start_recording(url, self.rec_title.text().strip(), self.rec_description.text().strip())

    @Slot()
    def stop_recording(self) -> None:
        self.worker.stop_recording()  # a direct call: the worker's thread is busy with the browser, not Qt events

    @Slot(list)
    def show_steps(self, steps: list[Any]) -> None:
        self.steps_model.set_steps(steps)

    @Slot(str, object)
    def recording_stopped(self, recording_id: str, built: Built) -> None:
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.record_status.setText(f"Recorded {self.steps_model.rowCount()} steps; the procedure is open in the editor.")

    @Slot(bool)
    def set_busy(self, busy: bool) -> None:
        if not busy:
            self.start_button.setEnabled(True)
            self.stop_button.setEnabled(False)
