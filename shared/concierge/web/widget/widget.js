/* concierge chat widget: plain JavaScript, no dependencies, no build step.
 *
 * Full page: <div id="concierge-chat" data-venue data-api data-lang data-title> and this script.
 * Embedded on a venue's site: <script src=".../widget.js" data-venue="roma" data-api="https://..." async>
 * (a button opens the chat; widget.css is loaded from beside this script).
 * data-api is the prefix of the functions: <data-api>/conversation_message, <data-api>/conversation_messages.
 */
(function () {
  "use strict";

  var STRINGS = {
    en: {
      open: "Chat with us", close: "Close the chat", chat: "Chat", log: "Conversation",
      newConversation: "New conversation", message: "Your message", placeholder: "Write a message",
      send: "Send", you: "You", assistant: "Assistant", staff: "Team",
      waiting: "The assistant is writing…", unreachable: "The service cannot be reached right now.",
      retry: "Try again", human: "A person from the team has taken over: their replies will appear here.",
      slots: "Available times", refused: "That could not be sent:", phone: "Phone", email: "Email",
      hours: "Hours", address: "Address", chosen: "Chosen"
    },
    it: {
      open: "Scrivici", close: "Chiudi la chat", chat: "Chat", log: "Conversazione",
      newConversation: "Nuova conversazione", message: "Il tuo messaggio", placeholder: "Scrivi un messaggio",
      send: "Invia", you: "Tu", assistant: "Assistente", staff: "Staff",
      waiting: "L'assistente sta scrivendo…", unreachable: "Il servizio non è raggiungibile in questo momento.",
      retry: "Riprova", human: "Una persona dello staff ha preso la conversazione: le sue risposte appariranno qui.",
      slots: "Orari disponibili", refused: "Non è stato possibile inviare:", phone: "Telefono", email: "Email",
      hours: "Orari", address: "Indirizzo", chosen: "Scelto"
    },
    fr: {
      open: "Discuter avec nous", close: "Fermer la discussion", chat: "Discussion", log: "Conversation",
      newConversation: "Nouvelle conversation", message: "Votre message", placeholder: "Écrivez un message",
      send: "Envoyer", you: "Vous", assistant: "Assistant", staff: "Équipe",
      waiting: "L'assistant écrit…", unreachable: "Le service est injoignable pour le moment.",
      retry: "Réessayer", human: "Une personne de l'équipe a pris le relais : ses réponses apparaîtront ici.",
      slots: "Horaires disponibles", refused: "L'envoi a été refusé :", phone: "Téléphone", email: "E-mail",
      hours: "Horaires", address: "Adresse", chosen: "Choisi"
    },
    pt: {
      open: "Fale connosco", close: "Fechar a conversa", chat: "Conversa", log: "Conversa",
      newConversation: "Nova conversa", message: "A sua mensagem", placeholder: "Escreva uma mensagem",
      send: "Enviar", you: "Você", assistant: "Assistente", staff: "Equipa",
      waiting: "O assistente está a escrever…", unreachable: "O serviço não está acessível neste momento.",
      retry: "Tentar de novo", human: "Uma pessoa da equipa assumiu a conversa: as respostas dela aparecem aqui.",
      slots: "Horários disponíveis", refused: "Não foi possível enviar:", phone: "Telefone", email: "E-mail",
      hours: "Horário", address: "Morada", chosen: "Escolhido"
    }
  };
  var DATE_LOCALES = { it: "it-IT", en: "en-GB", fr: "fr-FR", pt: "pt-PT" };
  var STYLES = ["primary", "secondary", "urgent", "info", "warning"];
  var CARD_ROLES = ["region", "group", "note", "article", "complementary"];
  var SAFE_URL = /^(https?:|mailto:|tel:)/i;
  var script = document.currentScript;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === undefined || value === null || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function randomId(bytes) {
    var buf = new Uint8Array(bytes);
    window.crypto.getRandomValues(buf);
    var text = "";
    buf.forEach(function (b) { text += String.fromCharCode(b); });
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  var counter = 0;
  function uid(prefix) { counter += 1; return "cc-" + prefix + "-" + counter; }

  function Widget(root, cfg) {
    this.root = root;
    this.cfg = cfg;
    this.t = STRINGS[cfg.lang] || STRINGS.en;
    this.cursor = 0;
    this.pending = null;
    this.timer = null;
    this.human = false;
    this.storageKey = "concierge-chat:" + cfg.venue;
    this.build();
  }

  Widget.prototype.build = function () {
    var t = this.t, self = this, cfg = this.cfg;
    var inputId = uid("input"), titleId = uid("title");
    this.title = el("h2", { className: "cc-title", id: titleId, text: cfg.title || t.chat });
    this.newButton = el("button", { type: "button", className: "cc-new", text: t.newConversation });
    this.newButton.addEventListener("click", function () { self.startNew(); });
    var headerItems = [this.title, this.newButton];
    if (cfg.embedded) {
      this.closeButton = el("button", { type: "button", className: "cc-close", "aria-label": t.close, text: "×" });
      this.closeButton.addEventListener("click", function () { self.toggle(false); });
      headerItems.push(this.closeButton);
    }
    this.log = el("div", { className: "cc-log", role: "log", "aria-live": "polite", "aria-label": t.log, tabindex: "0" });
    this.status = el("div", { className: "cc-status", role: "status", "aria-live": "polite" });
    this.alertText = el("span", { className: "cc-alert-text" });
    this.retryButton = el("button", { type: "button", className: "cc-retry", text: t.retry });
    this.retryButton.addEventListener("click", function () { self.retry(); });
    this.alert = el("div", { className: "cc-alert", role: "alert", hidden: true }, [this.alertText, this.retryButton]);
    this.input = el("input", {
      id: inputId, className: "cc-input", type: "text", autocomplete: "off", maxlength: "4000", placeholder: t.placeholder
    });
    this.sendButton = el("button", { type: "submit", className: "cc-send", text: t.send });
    this.form = el("form", { className: "cc-form" }, [
      el("label", { className: "cc-sr", for: inputId, text: t.message }), this.input, this.sendButton
    ]);
    this.form.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = self.input.value.trim();
      if (!text || self.pending) return;
      self.input.value = "";
      self.send({ text: text }, text);
    });
    var panelName = cfg.title ? t.chat + ": " + cfg.title : t.chat;
    this.panel = el("section", { className: "cc-panel", "aria-label": panelName }, [
      el("header", { className: "cc-header" }, headerItems), this.log, this.status, this.alert, this.form
    ]);
    if (cfg.embedded) {
      this.panel.id = uid("panel");
      this.panel.hidden = true;
      this.panel.classList.add("cc-floating");
      this.launcher = el("button", {
        type: "button", className: "cc-launcher", "aria-expanded": "false", "aria-controls": this.panel.id, text: t.open
      });
      this.launcher.addEventListener("click", function () { self.toggle(self.panel.hidden); });
      this.panel.addEventListener("keydown", function (event) {
        if (event.key === "Escape") { event.preventDefault(); self.toggle(false); }
      });
      this.root.appendChild(this.launcher);
    }
    this.root.appendChild(this.panel);
    this.root.setAttribute("lang", cfg.lang);
    this.root.classList.add("cc-root");
  };

  Widget.prototype.toggle = function (open) {
    this.panel.hidden = !open;
    this.launcher.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      if (!this.started) this.start();
      this.input.focus();
    } else {
      this.launcher.focus();
    }
  };

  // --- the conversation id: kept in local storage, random and unguessable

  Widget.prototype.savedId = function () {
    try { return window.localStorage.getItem(this.storageKey); } catch (e) { return null; }
  };

  Widget.prototype.saveId = function (id) {
    try { window.localStorage.setItem(this.storageKey, id); } catch (e) { /* private mode: this page only */ }
  };

  Widget.prototype.start = function () {
    this.started = true;
    var saved = this.savedId();
    if (saved && /^web:[A-Za-z0-9_-]{22,100}$/.test(saved)) {
      this.conversationId = saved;
      this.restore();
    } else {
      this.startNew();
    }
  };

  Widget.prototype.startNew = function () {
    this.stopPolling();
    this.setHuman(false);
    this.showAlert(null);
    this.pending = null;
    this.cursor = 0;
    this.lastStatus = null;
    this.log.textContent = "";
    this.conversationId = "web:" + randomId(18);
    this.saveId(this.conversationId);
    this.send({ action: "welcome" }, null);
  };

  // --- calls

  Widget.prototype.post = function (fn, body) {
    var url = this.cfg.api.replace(/\/+$/, "") + "/" + fn;
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, 90000) : null;
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "omit",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (timer) clearTimeout(timer);
      return response.json().catch(function () { return {}; }).then(function (json) {
        return { status: response.status, body: json };
      });
    }, function (error) {
      if (timer) clearTimeout(timer);
      throw error;
    });
  };

  Widget.prototype.send = function (what, echo) {
    var body = {
      venue_id: this.cfg.venue, conversation_id: this.conversationId, channel: "web", message_id: randomId(12),
      language: this.cfg.lang
    };
    Object.keys(what).forEach(function (key) { body[key] = what[key]; });
    if (echo) this.addMessage("customer", echo, null);
    this.pending = body;
    this.deliver();
  };

  Widget.prototype.deliver = function () {
    var self = this, body = this.pending;
    this.setWaiting(true);
    this.showAlert(null);
    this.post("conversation_message", body).then(function (result) {
      if (self.pending !== body) return; // a new conversation was started meanwhile
      if (result.status >= 500) { self.setWaiting(false); self.showAlert(self.t.unreachable); return; }
      self.pending = null;
      self.setWaiting(false);
      if (result.status >= 400) {
        self.addNote(self.t.refused + " " + (result.body.message || result.status));
        return;
      }
      self.answered(result.body);
    }, function () {
      if (self.pending !== body) return;
      self.setWaiting(false);
      self.showAlert(self.t.unreachable);
    });
  };

  Widget.prototype.retry = function () {
    if (this.pending) this.deliver();
    else if (this.restoring) this.restore();
    else this.poll();
  };

  Widget.prototype.answered = function (answer) {
    // After an archived life the thread opens a new one, whose messages are counted from 0 again.
    if (this.lastStatus === "archived" && answer.status !== "archived") this.cursor = 0;
    this.lastStatus = answer.status;
    if (answer.reply) this.addMessage("assistant", answer.reply, answer.rdv);
    this.setHuman(answer.status === "human_support" || answer.ai_active === false);
    this.poll(true);
  };

  // --- polling: what a person of the team writes, and the transcript after a reload

  Widget.prototype.restore = function () {
    var self = this;
    this.restoring = true;
    this.showAlert(null);
    this.post("conversation_messages", { venue_id: this.cfg.venue, conversation_id: this.conversationId, since: 0 })
      .then(function (result) {
        if (result.status === 404 || (result.status >= 400 && result.status < 500)) {
          self.restoring = false;
          self.startNew();
          return;
        }
        if (result.status >= 500) { self.showAlert(self.t.unreachable); return; }
        self.restoring = false;
        self.log.textContent = "";
        var messages = result.body.messages || [];
        messages.forEach(function (m) {
          var rdv = m.data && m.data.rdv ? m.data.rdv : null;
          var text = m.text || (m.data && m.data.label) || "";
          if (text) self.addMessage(m.role, text, rdv);
        });
        self.cursor = result.body.next || 0;
        self.lastStatus = result.body.status;
        self.setHuman(result.body.status === "human_support" || result.body.ai_active === false);
      }, function () { self.showAlert(self.t.unreachable); });
  };

  Widget.prototype.poll = function (quiet) {
    var self = this, since = this.cursor, id = this.conversationId;
    this.post("conversation_messages", { venue_id: this.cfg.venue, conversation_id: id, since: since })
      .then(function (result) {
        if (id !== self.conversationId || result.status !== 200) {
          if (result.status >= 500 && !quiet) self.showAlert(self.t.unreachable);
          return;
        }
        if (!quiet) self.showAlert(null);
        var next = result.body.next || 0;
        (result.body.messages || []).forEach(function (m) {
          if (m.role === "staff") self.addMessage("staff", m.text, null);
        });
        self.cursor = next;
        self.lastStatus = result.body.status;
        self.setHuman(result.body.status === "human_support" || result.body.ai_active === false);
      }, function () { if (!quiet) self.showAlert(self.t.unreachable); });
  };

  Widget.prototype.stopPolling = function () {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  };

  Widget.prototype.setHuman = function (human) {
    var self = this;
    this.human = human;
    this.root.classList.toggle("cc-human", human);
    if (human && !this.timer) this.timer = setInterval(function () { self.poll(false); }, this.cfg.poll);
    if (!human) this.stopPolling();
    this.renderStatus();
  };

  Widget.prototype.setWaiting = function (waiting) {
    this.waiting = waiting;
    this.root.classList.toggle("cc-waiting", waiting);
    this.sendButton.disabled = waiting;
    this.renderStatus();
  };

  Widget.prototype.renderStatus = function () {
    var text = this.waiting ? this.t.waiting : this.human ? this.t.human : "";
    if (this.status.textContent !== text) this.status.textContent = text;
    this.status.className = "cc-status" + (this.waiting ? " cc-status-waiting" : this.human ? " cc-status-human" : "");
  };

  Widget.prototype.showAlert = function (text) {
    this.alert.hidden = !text;
    this.alertText.textContent = text || "";
    this.root.classList.toggle("cc-unreachable", !!text);
  };

  // --- messages and their elements

  Widget.prototype.addNote = function (text) {
    this.log.appendChild(el("p", { className: "cc-note", text: text }));
    this.scroll();
  };

  Widget.prototype.addMessage = function (role, text, rdv) {
    var t = this.t, who = { customer: t.you, assistant: t.assistant, staff: t.staff }[role] || t.assistant;
    var hadFocus = this.root.contains(document.activeElement) && document.activeElement.closest(".cc-elements");
    if (role !== "customer") this.retire();
    var body = el("div", { className: "cc-bubble" });
    String(text).split("\n").forEach(function (line) { body.appendChild(el("p", { text: line })); });
    var speaker = el("span", { className: role === "staff" ? "cc-speaker" : "cc-speaker cc-sr", text: who + ":" });
    var item = el("div", { className: "cc-msg cc-" + role }, [speaker, body]);
    if (rdv && Array.isArray(rdv.ui_elements) && rdv.ui_elements.length) {
      item.appendChild(this.renderElements(rdv));
    }
    this.log.appendChild(item);
    this.scroll();
    if (hadFocus && role !== "customer") {
      var first = item.querySelector("button:not([disabled]), a[href]");
      (first || this.input).focus();
    }
    return item;
  };

  Widget.prototype.retire = function () {
    // Only the latest answer's buttons stay active: older choices cannot be sent again.
    this.log.querySelectorAll(".cc-elements button").forEach(function (button) { button.disabled = true; });
  };

  Widget.prototype.scroll = function () { this.log.scrollTop = this.log.scrollHeight; };

  Widget.prototype.renderElements = function (rdv) {
    var self = this, box = el("div", { className: "cc-elements" });
    var slots = [], picker = null;
    rdv.ui_elements.forEach(function (element) {
      if (!element || typeof element !== "object") return;
      var data = element.data && typeof element.data === "object" ? element.data : {};
      if (element.type === "button" && typeof data.start_iso === "string") {
        slots.push(element);
        if (!picker) { picker = el("div", { className: "cc-slot-picker" }); box.appendChild(picker); }
        return;
      }
      if (element.type === "calendar" && Array.isArray(data.slots)) {
        var cal = el("div", { className: "cc-slot-picker" });
        box.appendChild(cal);
        self.fillPicker(cal, data.slots.map(function (slot) {
          var s = typeof slot === "string" ? { start_iso: slot } : slot;
          return { type: "button", label: s.label || s.start_iso.slice(11, 16), action: element.action || "choose_slot",
                   data: s, accessibility: s.accessibility };
        }), rdv.timezone, element.label, element.accessibility);
        return;
      }
      var node = self.renderElement(element, data);
      if (node) box.appendChild(node);
    });
    if (picker) this.fillPicker(picker, slots, rdv.timezone, null, null);
    return box;
  };

  Widget.prototype.fillPicker = function (picker, buttons, timezone, label, accessibility) {
    var self = this, days = {}, order = [];
    var format;
    try {
      format = new Intl.DateTimeFormat(DATE_LOCALES[this.cfg.lang], { weekday: "long", day: "numeric", month: "long", timeZone: timezone || undefined });
    } catch (e) {
      format = new Intl.DateTimeFormat(DATE_LOCALES[this.cfg.lang], { weekday: "long", day: "numeric", month: "long" });
    }
    buttons.forEach(function (button) {
      var day = button.data.start_iso.slice(0, 10);
      if (!days[day]) { days[day] = []; order.push(day); }
      days[day].push(button);
    });
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", (accessibility && accessibility.aria_label) || label || this.t.slots);
    order.forEach(function (day) {
      var headingId = uid("day"), first = days[day][0].data.start_iso, dayLabel;
      try { dayLabel = format.format(new Date(first)); } catch (e) { dayLabel = day; }
      dayLabel = dayLabel.charAt(0).toUpperCase() + dayLabel.slice(1); // "venerdì" starts a line: "Venerdì 20 febbraio"
      var times = el("div", { className: "cc-times" });
      days[day].forEach(function (button) { times.appendChild(self.renderButton(button, button.data)); });
      picker.appendChild(el("div", { className: "cc-day", role: "group", "aria-labelledby": headingId }, [
        el("p", { className: "cc-day-label", id: headingId, text: dayLabel }), times
      ]));
    });
  };

  Widget.prototype.renderButton = function (element, data) {
    var self = this, a11y = element.accessibility || {};
    var button = el("button", {
      type: "button", className: "cc-button" + styleClass(element.style),
      "aria-label": accessibleName(element.label, a11y.aria_label),
      "data-action": element.action || null, text: element.label
    });
    button.addEventListener("click", function () {
      if (self.pending) return;
      var payload = { action: element.action || element.label, data: {} };
      Object.keys(data).forEach(function (key) { payload.data[key] = data[key]; });
      payload.data.label = element.label;
      button.setAttribute("aria-pressed", "true");
      self.send(payload, element.label);
    });
    return button;
  };

  Widget.prototype.renderElement = function (element, data) {
    var t = this.t, a11y = element.accessibility || {}, style = styleClass(element.style);
    switch (element.type) {
      case "button":
      case "calendar":
        return this.renderButton(element, data);
      case "text":
        return el("p", { className: "cc-text" + style, text: element.label });
      case "link": {
        var href = data.url || data.href || element.action;
        if (typeof href !== "string" || !SAFE_URL.test(href)) return el("p", { className: "cc-text" + style, text: element.label });
        return el("a", {
          className: "cc-link" + style, href: href, target: "_blank", rel: "noopener noreferrer",
          "aria-label": accessibleName(element.label, a11y.aria_label), text: element.label
        });
      }
      case "info_card":
      case "contact_card": {
        var role = CARD_ROLES.indexOf(a11y.role) >= 0 ? a11y.role : "group";
        var titleId = uid("card");
        var list = el("dl", { className: "cc-card-fields" });
        Object.keys(data).forEach(function (key) {
          var value = data[key];
          if (typeof value !== "string" && typeof value !== "number") return;
          value = String(value);
          var shown;
          if (key === "phone") shown = el("a", { href: "tel:" + value.replace(/[^+0-9]/g, ""), text: value });
          else if (key === "email") shown = el("a", { href: "mailto:" + value, text: value });
          else if ((key === "url" || key === "website") && SAFE_URL.test(value)) shown = el("a", { href: value, target: "_blank", rel: "noopener noreferrer", text: value });
          else shown = document.createTextNode(value);
          list.appendChild(el("dt", { text: t[key] || key.replace(/_/g, " ") }));
          list.appendChild(el("dd", {}, [shown]));
        });
        return el("div", {
          className: "cc-card cc-" + element.type.replace("_", "-") + style, role: role,
          "aria-labelledby": a11y.aria_label ? null : titleId, "aria-label": a11y.aria_label || null
        }, [el("p", { className: "cc-card-title", id: titleId, text: element.label }), list]);
      }
      default:
        return element.label ? el("p", { className: "cc-text", text: element.label }) : null;
    }
  };

  // The visible words start the accessible name (WCAG 2.5.3, "label in name": a person who says
  // "click Prenota" reaches the button); the element's aria_label follows when it says more.
  function accessibleName(label, aria) {
    if (!aria) return null;
    var visible = String(label).toLowerCase(), said = aria.toLowerCase();
    if (said === visible || (said.indexOf(visible) === 0 && !/[\p{L}\p{N}]/u.test(said.charAt(visible.length)))) return aria;
    return label + ", " + aria;
  }

  function styleClass(style) {
    return STYLES.indexOf(style) >= 0 ? " cc-style-" + style : "";
  }

  // --- start

  // The visitor's own language first (the browser's, when the widget speaks it), then the venue's.
  function language(requested) {
    var candidates = (navigator.languages || [navigator.language]).concat([requested, document.documentElement.lang]);
    for (var i = 0; i < candidates.length; i++) {
      var code = (candidates[i] || "").slice(0, 2).toLowerCase();
      if (STRINGS[code]) return code;
    }
    return "en";
  }

  function boot() {
    var container = document.getElementById("concierge-chat");
    var source = container || script;
    if (!source || !source.dataset.venue || !source.dataset.api) return;
    var embedded = !container;
    if (embedded) {
      container = el("div", { className: "cc-embed" });
      document.body.appendChild(container);
      if (script && script.src && !document.querySelector("link[data-concierge]")) {
        var css = script.src.replace(/widget\.js(\?.*)?$/, "widget.css");
        document.head.appendChild(el("link", { rel: "stylesheet", href: css, "data-concierge": "true" }));
      }
    }
    var widget = new Widget(container, {
      venue: source.dataset.venue,
      api: source.dataset.api,
      lang: language(source.dataset.lang),
      title: source.dataset.title || "",
      poll: Math.max(500, parseInt(source.dataset.poll || "3000", 10) || 3000),
      embedded: embedded
    });
    if (!embedded) widget.start();
    window.conciergeChat = widget;
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
