/* Knowing it is your decision without watching the page: the tab's title, a screen reader's
   announcement of each new step (an aria-live region), and, if the seat asks for them in the
   play panel, a short sound and a browser notification when the decision becomes theirs. The
   choices are kept in this browser's storage, for every game. The viewer makes one with
   ChronicleAttention.create() and calls decided(mine) whenever the game changes, and
   announce(text) with each new step's description. */
"use strict";
window.ChronicleAttention = {
  create() {
    const $ = (id) => document.getElementById(id);
    const KEY = "chronicle:attention";
    const title = document.title;
    const wanted = Object.assign({ sound: false, notify: false }, read());
    let mine = null; // whether the decision was this seat's when last told; null before the first

    function read() {
      try {
        return JSON.parse(localStorage.getItem(KEY)) || {};
      } catch (error) {
        return {}; // storage off, or a value of another shape: nothing asked for
      }
    }

    function keep() {
      try {
        localStorage.setItem(KEY, JSON.stringify(wanted));
      } catch (error) {
        // storage off: the choice lasts as long as the page
      }
    }

    function announce(text) {
      $("announcer").textContent = text;
    }

    function chime() {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      const audio = new Context();
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = 660;
      volume.gain.setValueAtTime(0.15, audio.currentTime);
      volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      tone.connect(volume).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
      tone.onended = () => audio.close();
    }

    function notify() {
      if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
      const note = new Notification("Your decision", { body: title, tag: location.pathname });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    }

    /* `now`: whether the decision is this seat's. Told again with the same answer, nothing happens. */
    function decided(now) {
      document.title = now ? `● Your decision · ${title}` : title;
      const becameMine = now && mine === false; // not on opening the page: the seat is looking
      mine = now;
      root().dataset.yourDecision = now ? "true" : "false";
      if (!becameMine) return;
      announce("Your decision.");
      if (wanted.sound) chime();
      if (wanted.notify) notify();
    }

    function root() {
      return $("viewer");
    }

    function bind() {
      const sound = $("want-sound");
      const notice = $("want-notify");
      sound.checked = wanted.sound;
      notice.checked = wanted.notify && "Notification" in window && Notification.permission === "granted";
      notice.disabled = !("Notification" in window) || Notification.permission === "denied";
      sound.onchange = () => {
        wanted.sound = sound.checked;
        keep();
        if (sound.checked) chime(); // what it will sound like
      };
      notice.onchange = async () => {
        wanted.notify = notice.checked;
        if (notice.checked && Notification.permission !== "granted") {
          notice.checked = wanted.notify = (await Notification.requestPermission()) === "granted";
          notice.disabled = Notification.permission === "denied";
        }
        keep();
      };
    }

    bind();
    return { decided, announce };
  },
};
