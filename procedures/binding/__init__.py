"""Binding: the person's values for a run, read from the task's text. The values and where each came from
(result), how a task's text is read (reading), the binder's state (binder) and its ways of binding (by_words,
by_values), the whole binding and the checks of its values (values), a task that contradicts its procedure
(contradiction), what the task says otherwise than the title (differences), what it asks that nothing takes
(unasked), the lists it gives (list_values) and the dates it names (date_values). Pure: no browser, no network."""
