/* global window, document, CSS */
/**
 * Pehnava's sandbox checkout: a stand-in for Razorpay Checkout (checkout.js) that pays against
 * Pehnava's own sandbox provider. It defines `window.Razorpay` with the options and methods the
 * web app uses, so the app's checkout code is the same for sandbox and Razorpay.
 *
 * Plain ES2020, no build step. Its styles are scoped to `phn-sbx-` classes so the host page's CSS
 * neither reaches in nor is changed.
 */
(function () {
  'use strict';

  // The pay call goes beside this script, wherever it was served from (which need not be the
  // page's own host): /api/payments/sandbox/pay for the sandbox, /v1/pay for the Razorpay stand-in.
  const script = document.currentScript;
  const PAY_URL =
    script && script.src
      ? new URL('pay', script.src).href
      : window.location.origin + '/api/payments/sandbox/pay';
  const PAY_TIMEOUT_MS = 20000;
  const BRAND = '#7a1f3d';

  const MSG = {
    network: 'Could not reach the payment service. Try again.',
    server: 'The payment service had a problem. Try again.',
    rejected: 'The payment could not be made. Check the details and try again.',
    unreadable: 'The payment service sent an answer the checkout could not read. Try again.',
    vpaEmpty: 'Enter your UPI ID.',
    vpaShape: 'Enter a valid UPI ID, like name@bank.',
    cardEmpty: 'Enter the card number.',
    cardBad: 'This card number is not valid. Check it and try again.',
    expiryShape: 'Enter the expiry date as MM/YY.',
    expiryPast: 'This card has expired. Check the expiry date.',
    cvv: 'Enter the 3-digit CVV.',
  };

  const CSS_TEXT = `
.phn-sbx-root{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(31,26,23,.6);font:400 15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#1f1a17;text-align:left;-webkit-font-smoothing:antialiased;animation:phn-sbx-fade .18s ease-out}
.phn-sbx-root *,.phn-sbx-root *::before,.phn-sbx-root *::after{box-sizing:border-box;margin:0;padding:0;border:0 solid;font:inherit;color:inherit;letter-spacing:normal;text-transform:none;background:none;box-shadow:none}
.phn-sbx-root [hidden]{display:none!important}
.phn-sbx-dialog{--phn-sbx-head:#4a1025;--phn-sbx-head:color-mix(in srgb,var(--phn-sbx-accent) 62%,#000);--phn-sbx-tint:#fbf3f5;--phn-sbx-tint:color-mix(in srgb,var(--phn-sbx-accent) 6%,#fdfaf4);--phn-sbx-ring:rgba(122,31,61,.22);--phn-sbx-ring:color-mix(in srgb,var(--phn-sbx-accent) 24%,transparent);position:relative;display:flex;flex-direction:column;width:100%;max-width:420px;max-height:calc(100vh - 32px);overflow:hidden;background:#fdfaf4;border-radius:20px;box-shadow:0 28px 70px rgba(31,26,23,.38),0 0 0 1px rgba(31,26,23,.06);outline:none;animation:phn-sbx-rise .24s cubic-bezier(.2,.8,.2,1)}
.phn-sbx-strip{padding:7px 16px;background:#f8e6b8;color:#4a1025;font-size:12px;text-align:center;letter-spacing:.02em}
.phn-sbx-strip b{font-weight:700;letter-spacing:.08em}
.phn-sbx-head{position:relative;padding:16px 24px;background:var(--phn-sbx-tint);border-bottom:1px solid rgba(74,16,37,.1)}
.phn-sbx-brand{display:flex;align-items:center;gap:12px;padding-right:44px}
.phn-sbx-logo{flex:none;display:flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:50%;overflow:hidden;background:var(--phn-sbx-accent);color:var(--phn-sbx-on-accent);font:400 22px/1 Georgia,'Times New Roman',serif;box-shadow:0 0 0 3px #fff}
.phn-sbx-logo img{display:block;width:100%;height:100%;object-fit:cover;background:#fff}
.phn-sbx-title{font:400 21px/1.25 Georgia,'Times New Roman',serif;color:var(--phn-sbx-head);overflow-wrap:anywhere}
.phn-sbx-desc{margin-top:2px;font-size:13px;color:#57534e;overflow-wrap:anywhere}
.phn-sbx-close{position:absolute;top:14px;right:14px;display:flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:50%;color:#44403c;cursor:pointer}
.phn-sbx-close svg{width:20px;height:20px}
.phn-sbx-close:disabled{opacity:.4;cursor:not-allowed}
.phn-sbx-amount{display:flex;align-items:baseline;justify-content:space-between;gap:12px;margin-top:12px}
.phn-sbx-amount span{font-size:12px;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#57534e}
.phn-sbx-amount strong{font:400 30px/1.1 Georgia,'Times New Roman',serif;color:#1f1a17;font-variant-numeric:tabular-nums}
.phn-sbx-body{flex:1;display:flex;flex-direction:column;overflow-y:auto;padding:16px 24px 20px}
.phn-sbx-prefill{display:flex;align-items:center;gap:8px;margin-bottom:14px;font-size:13px;color:#57534e;overflow-wrap:anywhere}
.phn-sbx-prefill svg{flex:none;width:16px;height:16px;color:#78716c}
.phn-sbx-view{flex:1;display:flex;flex-direction:column}
.phn-sbx-tabs{display:grid;grid-template-columns:1fr 1fr;gap:4px;padding:4px;border-radius:14px;background:#f1ebe2}
.phn-sbx-tab{display:flex;align-items:center;justify-content:center;gap:8px;min-height:44px;border-radius:10px;font-size:14px;font-weight:600;color:#57534e;cursor:pointer;transition:background-color .15s,color .15s}
.phn-sbx-tab svg{width:18px;height:18px}
.phn-sbx-tab[aria-selected='true']{background:#fff;color:var(--phn-sbx-head);box-shadow:0 1px 3px rgba(31,26,23,.12),0 0 0 1px rgba(31,26,23,.04)}
.phn-sbx-form{flex:1;display:flex;flex-direction:column}
.phn-sbx-panel{padding-top:16px}
.phn-sbx-panel>*+*{margin-top:12px}
.phn-sbx-row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.phn-sbx-label{display:block;margin-bottom:6px;font-size:13px;font-weight:600;color:#292524}
.phn-sbx-renew{margin:14px 0 0;padding:10px 12px 12px;border:1px solid #e7e5e4;border-radius:12px}
.phn-sbx-renew legend{padding:0 4px;margin:0}
.phn-sbx-renew-note{margin:0 0 4px;font-size:13px;line-height:1.5;color:#57534e}
.phn-sbx-radio{display:flex;align-items:center;gap:8px;margin-top:6px;font-size:14px;color:#292524;cursor:pointer}
.phn-sbx-radio input{accent-color:var(--phn-sbx-accent);width:16px;height:16px;margin:0}
.phn-sbx-input{display:block;width:100%;height:46px;padding:0 14px;border:1px solid #d6d3d1;border-radius:12px;background:#fff;color:#1c1917;font-size:16px;font-variant-numeric:tabular-nums;box-shadow:0 1px 2px rgba(31,26,23,.05);transition:border-color .15s,box-shadow .15s;-webkit-appearance:none;appearance:none}
.phn-sbx-input::placeholder{color:#a8a29e}
.phn-sbx-input:focus{outline:none;border-color:var(--phn-sbx-accent);box-shadow:0 0 0 3px var(--phn-sbx-ring)}
.phn-sbx-input[aria-invalid='true']{border-color:#b91c1c}
.phn-sbx-input[aria-invalid='true']:focus{box-shadow:0 0 0 3px rgba(185,28,28,.2)}
.phn-sbx-input[readonly]{background:#faf8f5;color:#57534e}
.phn-sbx-hint{padding:8px 12px;border-radius:12px;background:#fff;box-shadow:0 0 0 1px rgba(31,26,23,.07);font-size:13px;line-height:1.6;color:#57534e}
.phn-sbx-hint b{font-weight:600;color:#292524}
.phn-sbx-hint code{padding:1px 6px;border-radius:6px;background:var(--phn-sbx-tint);color:#292524;font:500 12.5px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:nowrap}
.phn-sbx-error{margin-top:12px;padding:10px 14px;border-radius:12px;background:#fef2f2;color:#991b1b;font-size:14px;box-shadow:0 0 0 1px #fecaca}
.phn-sbx-error:empty{margin:0;padding:0;box-shadow:none}
.phn-sbx-actions{display:flex;flex-direction:column;gap:8px;margin-top:18px}
.phn-sbx-btn{display:flex;align-items:center;justify-content:center;gap:10px;width:100%;min-height:46px;padding:0 20px;border-radius:999px;font-size:15px;font-weight:600;cursor:pointer;transition:background-color .15s,border-color .15s,color .15s,filter .15s}
.phn-sbx-primary{min-height:52px;background:var(--phn-sbx-accent);color:var(--phn-sbx-on-accent);font-size:16px;box-shadow:0 6px 16px -6px var(--phn-sbx-ring)}
.phn-sbx-secondary{border:1px solid #d6d3d1;background:#fff;color:#292524}
.phn-sbx-btn:disabled{cursor:progress;opacity:.72}
.phn-sbx-secondary:disabled{cursor:not-allowed;opacity:.55}
.phn-sbx-root button:focus-visible{outline:2px solid var(--phn-sbx-accent);outline-offset:2px}
.phn-sbx-spin{width:18px;height:18px;border-radius:50%;border:2px solid currentColor;border-right-color:transparent;animation:phn-sbx-spin .7s linear infinite}
.phn-sbx-foot{display:flex;align-items:center;justify-content:center;gap:6px;padding:9px 16px;border-top:1px solid rgba(31,26,23,.06);font-size:12px;color:#78716c}
.phn-sbx-foot svg{width:13px;height:13px}
.phn-sbx-fail{align-items:center;justify-content:center;padding:12px 0 4px;text-align:center}
.phn-sbx-fail-icon{display:flex;align-items:center;justify-content:center;width:64px;height:64px;border-radius:50%;background:#fef2f2;color:#b91c1c;box-shadow:0 0 0 8px #fff7f7}
.phn-sbx-fail-icon svg{width:30px;height:30px}
.phn-sbx-fail h3{margin-top:20px;font:400 22px/1.3 Georgia,'Times New Roman',serif;color:var(--phn-sbx-head);outline:none}
.phn-sbx-fail p{max-width:320px;margin-top:8px;color:#44403c}
.phn-sbx-fail small{display:block;margin-top:10px;font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#78716c;overflow-wrap:anywhere}
.phn-sbx-fail .phn-sbx-actions{width:100%;margin-top:28px}
.phn-sbx-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (hover:hover){.phn-sbx-close:hover:not(:disabled){background:rgba(31,26,23,.07)}.phn-sbx-tab:hover:not([aria-selected='true']){color:var(--phn-sbx-head)}.phn-sbx-primary:hover:not(:disabled){filter:brightness(.9)}.phn-sbx-secondary:hover:not(:disabled){border-color:var(--phn-sbx-accent);color:var(--phn-sbx-head)}}
@media (max-width:480px){.phn-sbx-root{padding:0;align-items:stretch}.phn-sbx-dialog{max-width:none;max-height:none;height:100%;border-radius:0;animation-name:phn-sbx-up}.phn-sbx-head{padding:14px 20px}.phn-sbx-foot{display:none}.phn-sbx-close{top:10px;right:8px}.phn-sbx-body{padding:16px 20px 20px}.phn-sbx-actions{margin-top:auto;padding-top:20px}.phn-sbx-btn{min-height:52px}.phn-sbx-primary{min-height:56px}.phn-sbx-input{height:48px}}
@media (prefers-reduced-motion:reduce){.phn-sbx-root,.phn-sbx-dialog{animation:none}.phn-sbx-spin{animation-duration:2s}}
@keyframes phn-sbx-fade{from{opacity:0}}
@keyframes phn-sbx-rise{from{opacity:0;transform:translateY(12px) scale(.98)}}
@keyframes phn-sbx-up{from{transform:translateY(40px);opacity:0}}
@keyframes phn-sbx-spin{to{transform:rotate(360deg)}}`;

  // Small line icons drawn for this sheet (24 × 24, stroked with currentColor).
  const svg = (body) =>
    `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;
  const ICON = {
    close: svg('<path d="M6 6l12 12M18 6L6 18"/>'),
    upi: svg('<path d="M12 3l7 9-7 9-7-9z"/><path d="M12 8v8"/>'),
    card: svg('<rect x="3" y="5.5" width="18" height="13" rx="2.5"/><path d="M3 10h18M7 15h4"/>'),
    user: svg('<circle cx="12" cy="8.5" r="3.5"/><path d="M5 20c1.2-3.6 4-5 7-5s5.8 1.4 7 5"/>'),
    lock: svg(
      '<rect x="5" y="10.5" width="14" height="10" rx="2"/><path d="M8 10.5V8a4 4 0 018 0v2.5"/>',
    ),
    alert: svg('<circle cx="12" cy="12" r="9"/><path d="M12 7.5v5.5M12 16.5v.01"/>'),
  };

  let uid = 0;
  /** The instance whose modal is on screen: opening another first closes it, so none stack. */
  const shown = { instance: null };

  function injectStyles() {
    if (document.getElementById('phn-sbx-styles')) return;
    const style = document.createElement('style');
    style.id = 'phn-sbx-styles';
    style.textContent = CSS_TEXT;
    document.head.appendChild(style);
  }

  const field = (id, name, label, attrs) => `<div class="phn-sbx-field">
      <label class="phn-sbx-label" for="${id}-${name}">${label}</label>
      <input class="phn-sbx-input" id="${id}-${name}" name="${name}" data-ref="${name}" spellcheck="false" ${attrs}>
    </div>`;

  /**
   * The sheet's fixed markup. Nothing from the options goes in here: names, descriptions and
   * prefill are set afterwards as text, so a merchant's strings can never become HTML.
   */
  const sheet = (id) => `
<div class="phn-sbx-dialog" role="dialog" aria-modal="true" aria-labelledby="${id}-title" aria-describedby="${id}-amount" tabindex="-1" data-ref="dialog">
  <p class="phn-sbx-strip"><b>TEST MODE</b> · Sandbox, no real money</p>
  <header class="phn-sbx-head">
    <div class="phn-sbx-brand">
      <span class="phn-sbx-logo" aria-hidden="true" data-ref="logo"></span>
      <div><h2 class="phn-sbx-title" id="${id}-title" data-ref="title"></h2><p class="phn-sbx-desc" data-ref="desc"></p></div>
    </div>
    <button type="button" class="phn-sbx-close" aria-label="Close" data-ref="close">${ICON.close}</button>
    <p class="phn-sbx-amount" id="${id}-amount"><span>Amount</span> <strong data-ref="amount" data-testid="phn-sbx-amount"></strong></p>
  </header>
  <div class="phn-sbx-body">
    <p class="phn-sbx-prefill" data-ref="who">${ICON.user}<span data-ref="whoText"></span></p>
    <div class="phn-sbx-view" data-ref="formView">
      <div class="phn-sbx-tabs" role="tablist" aria-label="Payment method" data-ref="tabs">
        <button type="button" role="tab" class="phn-sbx-tab" id="${id}-tab-upi" aria-controls="${id}-upi" data-ref="tabUpi">${ICON.upi}UPI</button>
        <button type="button" role="tab" class="phn-sbx-tab" id="${id}-tab-card" aria-controls="${id}-card" data-ref="tabCard">${ICON.card}Card</button>
      </div>
      <form class="phn-sbx-form" novalidate aria-label="Payment details" data-ref="form">
        <div class="phn-sbx-panel" role="tabpanel" id="${id}-upi" aria-labelledby="${id}-tab-upi" data-ref="panelUpi">
          ${field(id, 'vpa', 'UPI ID', `value="success@razorpay" inputmode="email" autocomplete="off" autocapitalize="off" placeholder="name@bank" aria-describedby="${id}-hint-upi"`)}
          <p class="phn-sbx-hint" id="${id}-hint-upi"><b>Test UPI IDs:</b> <code>success@razorpay</code> pays, <code>failure@razorpay</code> is declined.</p>
        </div>
        <div class="phn-sbx-panel" role="tabpanel" id="${id}-card" aria-labelledby="${id}-tab-card" data-ref="panelCard">
          ${field(id, 'number', 'Card number', `inputmode="numeric" autocomplete="cc-number" placeholder="1234 5678 9012 3456" aria-describedby="${id}-hint-card"`)}
          <div class="phn-sbx-row">
            ${field(id, 'expiry', 'Expiry (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY"')}
            ${field(id, 'cvv', 'CVV', 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="3" placeholder="•••"')}
          </div>
          ${field(id, 'cardName', 'Name on card', 'autocomplete="cc-name" autocapitalize="words"')}
          <p class="phn-sbx-hint" id="${id}-hint-card"><b>Test cards:</b> <code>4111 1111 1111 1111</code> pays, <code>4000 0000 0000 0002</code> is declined. Any future expiry and CVV.</p>
        </div>
        <fieldset class="phn-sbx-renew" hidden data-ref="renew">
          <legend class="phn-sbx-label">Plan renewals (test mode)</legend>
          <p class="phn-sbx-renew-note">This payment also sets up the plan's automatic renewals. Choose what they do in the sandbox:</p>
          <label class="phn-sbx-radio"><input type="radio" name="renewals" value="succeed" checked data-ref="renewOk">Renewals go through</label>
          <label class="phn-sbx-radio"><input type="radio" name="renewals" value="fail" data-ref="renewFail">Renewals are declined</label>
        </fieldset>
        <p class="phn-sbx-error" role="alert" id="${id}-error" data-ref="error"></p>
        <div class="phn-sbx-actions">
          <button type="submit" class="phn-sbx-btn phn-sbx-primary" data-ref="pay"></button>
          <button type="button" class="phn-sbx-btn phn-sbx-secondary" data-ref="failBtn">Fail payment</button>
        </div>
      </form>
    </div>
    <div class="phn-sbx-view phn-sbx-fail" hidden data-ref="failView">
      <div class="phn-sbx-fail-icon">${ICON.alert}</div>
      <div role="alert"><h3>Payment failed</h3><p id="${id}-fail-text" data-ref="failText"></p></div>
      <small data-ref="failMeta"></small>
      <div class="phn-sbx-actions">
        <button type="button" class="phn-sbx-btn phn-sbx-primary" aria-describedby="${id}-fail-text" data-ref="retry">Retry</button>
        <button type="button" class="phn-sbx-btn phn-sbx-secondary" data-ref="cancel">Cancel payment</button>
      </div>
    </div>
    <p class="phn-sbx-sr" role="status" data-ref="status"></p>
  </div>
  <p class="phn-sbx-foot">${ICON.lock}<span>Pehnava Sandbox · payments are simulated</span></p>
</div>`;

  const INPUTS = ['vpa', 'number', 'expiry', 'cvv', 'cardName'];

  /** ₹1,234.50 from paise: Indian grouping, paise shown only when there are some. */
  function formatAmount(paise) {
    const digits = paise % 100 === 0 ? 0 : 2;
    const format = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return '₹' + format.format(paise / 100);
  }

  function luhn(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    return sum % 10 === 0;
  }

  /** Keep only digits, lay them out with `layout`, and leave the caret after the same digit. */
  function reformat(input, maxDigits, layout) {
    const caret = input.selectionStart == null ? input.value.length : input.selectionStart;
    const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length;
    const value = layout(input.value.replace(/\D/g, '').slice(0, maxDigits));
    if (value === input.value) return;
    input.value = value;
    let pos = 0;
    for (let seen = 0; pos < value.length && seen < digitsBefore; pos++) {
      if (/\d/.test(value[pos])) seen++;
    }
    if (document.activeElement === input) input.setSelectionRange(pos, pos);
  }
  const groupsOf4 = (d) => d.replace(/(\d{4})(?=\d)/g, '$1 ');
  const monthYear = (d) => (d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d);

  /** The colour text needs on `color` (white or ink), measured after the browser resolves it. */
  function textOn(color, probe) {
    probe.style.color = color;
    const rgb = (window.getComputedStyle(probe).color.match(/[\d.]+/g) || []).map(Number);
    probe.style.color = '';
    if (rgb.length < 3) return '#fff';
    const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const lum = 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
    return 1.05 / (lum + 0.05) >= 4.5 ? '#fff' : '#1f1a17';
  }

  function fail(message) {
    throw new Error('Razorpay (Pehnava sandbox): ' + message);
  }

  /** Call app code; an exception it throws is reported as uncaught but stops nothing here. */
  function report(fn) {
    try {
      fn();
    } catch (err) {
      setTimeout(() => {
        throw err;
      });
    }
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options !== 'object') fail('options must be an object.');
      if (typeof options.key !== 'string' || !options.key.trim()) {
        fail('the "key" option is required.');
      }
      if (typeof options.order_id !== 'string' || !options.order_id.trim()) {
        fail('the "order_id" option is required: create an order on the server first.');
      }
      const amount = Number(options.amount);
      if (!Number.isInteger(amount) || amount <= 0) {
        fail('"amount" must be a positive whole number of paise (₹10 is 1000).');
      }
      if (options.currency != null && options.currency !== 'INR') fail('only INR is supported.');
      if (options.handler != null && typeof options.handler !== 'function') {
        fail('"handler" must be a function.');
      }
      const modal = options.modal || {};
      const prefill = options.prefill || {};
      const color = options.theme && options.theme.color;
      this._o = {
        key: options.key,
        orderId: options.order_id,
        amount,
        name: String(options.name || ''),
        description: String(options.description || ''),
        image: typeof options.image === 'string' ? options.image : '',
        who: [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · '),
        cardName: String(prefill.name || ''),
        method: prefill.method === 'card' ? 'card' : 'upi',
        color: typeof color === 'string' && CSS.supports('color', color) ? color : BRAND,
        handler: options.handler || null,
        // Razorpay's recurring payments take "1"; a boolean is read the same way.
        recurring: options.recurring === true || String(options.recurring) === '1',
        // Razorpay ties a recurring payment's token to the customer the checkout names.
        customerId: typeof options.customer_id === 'string' ? options.customer_id : '',
        ondismiss: typeof modal.ondismiss === 'function' ? modal.ondismiss : null,
        escape: modal.escape !== false,
        backdropclose: modal.backdropclose === true,
      };
      this._listeners = { 'payment.failed': [] };
      this._ui = null;
      this._attempt = 0;
    }

    /** Listen for a checkout event; the sandbox raises 'payment.failed'. */
    on(event, fn) {
      if (typeof fn !== 'function') fail('on(event, fn) needs a function.');
      (this._listeners[event] = this._listeners[event] || []).push(fn);
      return this;
    }

    open() {
      if (shown.instance === this) {
        this._ui.dialog.focus();
        return this;
      }
      if (shown.instance) shown.instance.close();
      injectStyles();
      this._mount();
      shown.instance = this;
      return this;
    }

    /** Hide the modal from code: no ondismiss, as Razorpay's close(). */
    close() {
      const ui = this._ui;
      if (!ui) return this;
      this._ui = null;
      this._attempt++;
      if (shown.instance === this) shown.instance = null;
      document.removeEventListener('keydown', ui.onKey, true);
      document.removeEventListener('focusin', ui.onFocusIn, true);
      ui.root.remove();
      document.documentElement.style.overflow = ui.overflow;
      const back = ui.returnTo;
      if (back && back.isConnected && typeof back.focus === 'function') back.focus();
      return this;
    }

    /** The shopper closed the modal (button, Escape, backdrop): close, then tell the app. */
    _dismiss() {
      if (!this._ui || this._ui.busy) return;
      this.close();
      if (this._o.ondismiss) report(this._o.ondismiss);
    }

    _mount() {
      const o = this._o;
      const id = 'phn-sbx-' + ++uid;
      const root = document.createElement('div');
      root.className = 'phn-sbx-root';
      root.innerHTML = sheet(id);
      const ui = { root, method: o.method, busy: false, payLabel: 'Pay ' + formatAmount(o.amount) };
      for (const node of root.querySelectorAll('[data-ref]')) ui[node.dataset.ref] = node;
      ui.returnTo = document.activeElement;
      ui.overflow = document.documentElement.style.overflow;

      ui.title.textContent = o.name || 'Checkout';
      ui.desc.textContent = o.description;
      ui.desc.hidden = !o.description;
      ui.amount.textContent = formatAmount(o.amount);
      ui.whoText.textContent = o.who;
      ui.who.hidden = !o.who;
      ui.cardName.value = o.cardName;
      ui.renew.hidden = !o.recurring;
      ui.pay.textContent = ui.payLabel;
      ui.logo.textContent = (o.name.trim()[0] || '₹').toUpperCase();
      if (o.image) {
        const img = document.createElement('img');
        img.alt = '';
        img.addEventListener('load', () => ui.logo.replaceChildren(img));
        img.src = o.image;
      }
      root.style.setProperty('--phn-sbx-accent', o.color);

      ui.number.addEventListener('input', () => reformat(ui.number, 19, groupsOf4));
      ui.expiry.addEventListener('input', () => reformat(ui.expiry, 4, monthYear));
      ui.cvv.addEventListener('input', () => reformat(ui.cvv, 3, (d) => d));
      ui.tabUpi.addEventListener('click', () => this._select('upi', false));
      ui.tabCard.addEventListener('click', () => this._select('card', false));
      ui.tabs.addEventListener('keydown', (e) => {
        const to = { Home: 'upi', End: 'card', ArrowLeft: 'toggle', ArrowRight: 'toggle' }[e.key];
        if (!to) return;
        e.preventDefault();
        this._select(to !== 'toggle' ? to : ui.method === 'upi' ? 'card' : 'upi', true);
      });
      ui.form.addEventListener('submit', (e) => {
        e.preventDefault();
        this._pay('success');
      });
      ui.failBtn.addEventListener('click', () => this._pay('failure'));
      ui.retry.addEventListener('click', () => this._retry());
      ui.cancel.addEventListener('click', () => this._dismiss());
      ui.close.addEventListener('click', () => this._dismiss());
      root.addEventListener('mousedown', (e) => {
        if (e.target === root && o.backdropclose) this._dismiss();
      });
      ui.onKey = (e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          if (o.escape) this._dismiss();
        } else if (e.key === 'Tab') {
          this._trapTab(e);
        }
      };
      // Focus that lands outside the sheet (a click on the page, a script) is brought back in.
      ui.onFocusIn = (e) => {
        if (!root.contains(e.target)) ui.dialog.focus();
      };

      this._ui = ui;
      document.body.appendChild(root);
      root.style.setProperty('--phn-sbx-on-accent', textOn(o.color, ui.status));
      document.documentElement.style.overflow = 'hidden';
      document.addEventListener('keydown', ui.onKey, true);
      document.addEventListener('focusin', ui.onFocusIn, true);
      this._select(o.method, false);
      // On a touch screen, focusing a field would pop the keyboard up over the sheet.
      const coarse = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
      (coarse ? ui.dialog : o.method === 'card' ? ui.number : ui.vpa).focus();
    }

    _select(method, focusTab) {
      const ui = this._ui;
      if (!ui || ui.busy) return;
      ui.method = method;
      for (const [m, tab, panel] of [
        ['upi', ui.tabUpi, ui.panelUpi],
        ['card', ui.tabCard, ui.panelCard],
      ]) {
        tab.setAttribute('aria-selected', String(m === method));
        tab.tabIndex = m === method ? 0 : -1;
        panel.hidden = m !== method;
      }
      this._showError(null);
      if (focusTab) (method === 'upi' ? ui.tabUpi : ui.tabCard).focus();
    }

    _trapTab(e) {
      const dialog = this._ui.dialog;
      const items = Array.from(dialog.querySelectorAll('button, input')).filter(
        (n) => !n.disabled && n.tabIndex >= 0 && n.getClientRects().length > 0,
      );
      const at = document.activeElement;
      const outside = at === dialog || !dialog.contains(at);
      if (!items.length) {
        e.preventDefault();
      } else if (e.shiftKey && (outside || at === items[0])) {
        e.preventDefault();
        items[items.length - 1].focus();
      } else if (!e.shiftKey && (outside || at === items[items.length - 1])) {
        e.preventDefault();
        items[0].focus();
      }
    }

    _showError(message, input) {
      const ui = this._ui;
      for (const name of INPUTS) ui[name].removeAttribute('aria-invalid');
      ui.error.textContent = message || '';
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      }
    }

    /** The details to send, or the first problem with them (found before anything is sent). */
    _details() {
      const ui = this._ui;
      if (ui.method === 'upi') {
        const vpa = ui.vpa.value.trim();
        if (!vpa) return { input: ui.vpa, message: MSG.vpaEmpty };
        if (!/^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9.-]{1,63}$/i.test(vpa)) {
          return { input: ui.vpa, message: MSG.vpaShape };
        }
        return { body: { method: 'upi', vpa } };
      }
      const number = ui.number.value.replace(/\D/g, '');
      if (!number) return { input: ui.number, message: MSG.cardEmpty };
      if (number.length < 12 || number.length > 19 || !luhn(number)) {
        return { input: ui.number, message: MSG.cardBad };
      }
      const exp = /^(\d{2})\/(\d{2})$/.exec(ui.expiry.value.trim());
      const month = exp ? Number(exp[1]) : 0;
      if (!exp || month < 1 || month > 12) return { input: ui.expiry, message: MSG.expiryShape };
      const now = new Date();
      const year = 2000 + Number(exp[2]);
      if (year < now.getFullYear() || (year === now.getFullYear() && month <= now.getMonth())) {
        return { input: ui.expiry, message: MSG.expiryPast };
      }
      if (!/^\d{3}$/.test(ui.cvv.value)) return { input: ui.cvv, message: MSG.cvv };
      const card = { number, expiry: exp[0], cvv: ui.cvv.value };
      const name = ui.cardName.value.trim();
      if (name) card.name = name;
      return { body: { method: 'card', card } };
    }

    _setBusy(busy) {
      const ui = this._ui;
      ui.busy = busy;
      // The pressed button is about to be disabled: keep focus inside the sheet meanwhile.
      if (busy) ui.dialog.focus();
      for (const b of [ui.pay, ui.failBtn, ui.close, ui.tabUpi, ui.tabCard]) b.disabled = busy;
      for (const name of INPUTS) ui[name].readOnly = busy;
      ui.form.setAttribute('aria-busy', String(busy));
      ui.pay.textContent = busy ? 'Processing…' : ui.payLabel;
      if (busy) ui.pay.insertAdjacentHTML('afterbegin', '<span class="phn-sbx-spin"></span>');
      ui.status.textContent = busy ? 'Processing payment…' : '';
    }

    async _pay(outcome) {
      const ui = this._ui;
      if (!ui || ui.busy) return;
      const details = this._details();
      if (!details.body) return this._showError(details.message, details.input);
      this._showError(null);
      this._setBusy(true);
      const attempt = ++this._attempt;
      const body = { key: this._o.key, order_id: this._o.orderId, ...details.body };
      if (outcome === 'failure') body.outcome = 'failure';
      if (this._o.recurring) body.renewals = ui.renewFail.checked ? 'fail' : 'succeed';
      if (this._o.recurring && this._o.customerId) body.customer_id = this._o.customerId;

      const answer = await send(body);
      // A result that comes after close() still reaches the app: the payment happened either way.
      const current = this._ui === ui && this._attempt === attempt;
      if (answer.kind === 'captured') {
        if (current) this.close();
        if (this._o.handler) report(() => this._o.handler(answer.ids));
      } else if (answer.kind === 'failed') {
        for (const fn of this._listeners['payment.failed'].slice()) {
          report(() => fn({ error: answer.error }));
        }
        // A listener may have closed the modal itself.
        if (current && this._ui === ui) this._showFailure(answer.error);
      } else if (current) {
        this._setBusy(false);
        this._showError(answer.message);
        ui.pay.focus();
      }
    }

    _showFailure(error) {
      const ui = this._ui;
      this._setBusy(false);
      ui.formView.hidden = true;
      ui.failView.hidden = false;
      ui.failText.textContent = String(error.description || 'The payment was declined.');
      // The codes, for the tester: BAD_REQUEST_ERROR · payment_failed.
      ui.failMeta.textContent = [error.code, error.reason]
        .filter((s) => typeof s === 'string')
        .join(' · ');
      ui.retry.focus();
    }

    _retry() {
      const ui = this._ui;
      ui.failView.hidden = true;
      ui.formView.hidden = false;
      this._showError(null);
      ui.pay.focus();
    }
  }

  /** POST the pay body and sort the answer: captured, failed (declined), or a message to show. */
  async function send(body) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), PAY_TIMEOUT_MS);
    try {
      const res = await fetch(PAY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: abort.signal,
      });
      const data = await res.json().catch(() => null);
      if (!res.ok) {
        const message = data && typeof data.message === 'string' && data.message.trim();
        return {
          kind: 'error',
          message: message || (res.status >= 500 ? MSG.server : MSG.rejected),
        };
      }
      if (data && data.status === 'captured') {
        const ids = {
          razorpay_payment_id: data.razorpay_payment_id,
          razorpay_order_id: data.razorpay_order_id,
          razorpay_signature: data.razorpay_signature,
        };
        if (Object.values(ids).every((v) => typeof v === 'string'))
          return { kind: 'captured', ids };
      }
      if (data && data.status === 'failed' && data.error && typeof data.error === 'object') {
        return { kind: 'failed', error: data.error };
      }
      return { kind: 'error', message: MSG.unreadable };
    } catch {
      return { kind: 'error', message: MSG.network };
    } finally {
      clearTimeout(timer);
    }
  }

  window.Razorpay = Razorpay;
})();
