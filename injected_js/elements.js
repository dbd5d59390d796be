// The agent's view of a page: visible interactive elements, each tagged with a ref (e1, e2, ...)
// in a data-smh-ref attribute so that "[data-smh-ref=e12]" finds it again. Uses selectors.js.
// Defines smhObserve(limit) -> {elements: [{ref, role, name, value, tag}], text}.

const SMH_ACTIONABLE =
  'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], ' +
  '[role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], [role=combobox], [role=textbox], [contenteditable=true], [contenteditable=""], ' +
  '[draggable=true], [role=slider], section[aria-label], [role=region][aria-label]'; // what a drag takes and where it goes

function smhVisible(el) {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0';
}

function smhObserve(limit) {
  smhLabelMap = null;
  for (const old of smhQueryDeep(document, '[data-smh-ref]')) old.removeAttribute('data-smh-ref');
  const elements = [];
  let counter = 0;
  for (const el of smhQueryDeep(document, SMH_ACTIONABLE)) {
    if (elements.length >= limit) break;
    if (el.disabled || !smhVisible(el)) continue;
    counter += 1;
    const ref = `e${counter}`;
    el.setAttribute('data-smh-ref', ref);
    const role = smhImplicitRole(el) || el.localName;
    const secret = typeof smhIsSecret === 'function' && smhIsSecret(el);
    let value = '';
    if (el.localName === 'select') value = Array.from(el.selectedOptions).map((o) => smhNorm(o.label)).join(', ');
    else if (['input', 'textarea'].includes(el.localName) && !['checkbox', 'radio'].includes(el.type)) value = secret ? (el.value ? '••••' : '') : el.value;
    else if (['checkbox', 'radio'].includes(el.type)) value = el.checked ? 'checked' : 'unchecked';
    elements.push({
      ref, role, tag: el.localName, value: (value || '').slice(0, 100),
      name: (smhAccessibleName(el, role) || el.getAttribute('placeholder') || smhElementText(el) || '').slice(0, 100),
      options: el.localName === 'select' ? Array.from(el.options).slice(0, 20).map((o) => smhNorm(o.label)) : undefined,
    });
  }
  const text = smhNorm(document.body ? document.body.innerText : '').slice(0, 1500);
  return { elements, text };
}
