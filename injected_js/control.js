// What a control is: whether it sits in a form, takes several lines, submits its form, and its label; or
// that the focus is in a frame.
// The agent asks it before an action, to know whether the action would submit something.

function smhControl(el) {
  el = el || document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return { form: false, multiline: false, submits: false, button: false, label: '' };
  if (el.localName === 'iframe' || el.localName === 'frame') {
    // The focus is in a frame, whose document (another site's, perhaps) this world cannot read: what a key does there is unknown.
    return { form: false, multiline: false, submits: false, button: false, label: (el.title || el.name || '').trim().slice(0, 200), frame: true };
  }
  const tag = el.localName, type = (el.getAttribute('type') || '').toLowerCase();
  const submits = !!el.form && ((tag === 'button' && (type === '' || type === 'submit')) || (tag === 'input' && (type === 'submit' || type === 'image')));
  return {
    form: !!el.form,
    multiline: tag === 'textarea' || el.isContentEditable,
    submits,
    button: submits || tag === 'button' || tag === 'a' || el.getAttribute('role') === 'button' || type === 'button',
    label: (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 200),
  };
}
