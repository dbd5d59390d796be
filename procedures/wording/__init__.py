"""How tasks and pages word things, shared by building and binding: the title's word lists (vocabulary), how a
task phrases its values (phrasing), words' other forms (word_forms), where a task names fields (field_names),
the task's own instruction on a page (instruction_text) and optional notes (notes). Pure: text in, text out."""
