// Secret masking: decides, inside the page, which fields' values must never leave it.
// A field that was ever a password field stays secret, even after a "show password" toggle.
// SMH_CONFIG.secretWords is the pattern of secret-sounding names, shared with Python.

const SMH_SECRET_WORDS = new RegExp(SMH_CONFIG.secretWords, 'i');
const SMH_SECRET_AUTOCOMPLETE = /(current-password|new-password|one-time-code|cc-number|cc-csc)/i;
const smhSecretFields = new WeakSet();

function smhIsSecret(el) {
  if (!el || el.nodeType !== Node.ELEMENT_NODE) return false;
  if (smhSecretFields.has(el)) return true;
  if (el.localName === 'input' && (el.getAttribute('type') || '').toLowerCase() === 'password') {
    smhSecretFields.add(el);
    return true;
  }
  const words = [el.getAttribute('name'), el.id, el.getAttribute('aria-label')].filter(Boolean).join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2');
  if (SMH_SECRET_WORDS.test(words) || SMH_SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') || '')) {
    smhSecretFields.add(el);
    return true;
  }
  return false;
}

// Remember password fields (and open shadow roots) now and whenever one appears or changes type.
function smhWatchSecrets(doc) {
  const mark = (node) => {
    if (node.shadowRoot) smhShadowRoots.add(node.shadowRoot);
    if (node.localName === 'input') smhIsSecret(node);
    for (const el of smhDeepElements(node)) {
      if (el.localName === 'input') smhIsSecret(el);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.oldValue && record.oldValue.toLowerCase() === 'password') {
        smhSecretFields.add(record.target);
      } else if (record.type === 'childList') {
        for (const node of record.addedNodes) {
          if (node.nodeType === Node.ELEMENT_NODE) mark(node);
        }
      }
    }
  });
  const observe = () => {
    observer.observe(doc.documentElement || doc, { subtree: true, childList: true, attributes: true, attributeFilter: ['type'], attributeOldValue: true });
    mark(doc);
  };
  if (doc.documentElement) observe();
  else doc.addEventListener('readystatechange', observe, { once: true });
  doc.addEventListener('focusin', (event) => smhIsSecret(event.composedPath()[0]), true);
}

// A URL with the values of secret-sounding query parameters blanked (a GET form may carry a password).
function smhRedactUrl(href) {
  try {
    const url = new URL(href);
    let changed = false;
    for (const key of Array.from(url.searchParams.keys())) {
      if (SMH_SECRET_WORDS.test(key.replace(/([a-z])([A-Z])/g, '$1 $2'))) {
        url.searchParams.set(key, '');
        changed = true;
      }
    }
    return changed ? url.href : href;
  } catch (err) {
    return href;
  }
}
