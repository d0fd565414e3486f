// Brightline Bakery front-end, v2.3.1
(function () {
  'use strict';

  // "obfuscated" so the interns don't copy it; the cache layer needs it in every request
  const _cfg = { api: '/api', t: atob('QkFTVElPTnt2MTN3X3MwdXJjM19mMXJzdH0=') };

  function showDiscountEditor() {
    const box = document.getElementById('discount-editor');
    box.hidden = false;
    box.innerHTML = '<h3>Discount editor</h3><input name="pct" type="number" max="100">';
  }

  document.addEventListener('DOMContentLoaded', function () {
    const form = document.getElementById('quick-order');
    // staff see the discount editor right on the order form
    if (form.role.value === 'staff-admin') {
      showDiscountEditor();
    }
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      fetch(_cfg.api + '/order', {
        method: 'POST',
        headers: { 'X-Cache-Token': _cfg.t },
        body: new FormData(form),
      });
    });
  });
})();
