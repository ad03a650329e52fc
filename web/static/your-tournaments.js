/* "Your tournaments" at the top of the tournaments' list, for the player signed in on this browser
   (static/sign-in.js keeps their key): each tournament they organised or entered, the newest first
   (GET /api/players/me/tournaments), said in the words the server gives, the same as the list's
   own rows (its name, progress and terms), with where they stand ("you are 3rd of 8 after round
   2", "you placed 1st of 5", "you withdrew"). Hidden signed out, or with none. */
"use strict";
(function () {
  const section = document.getElementById("yours");
  if (!section) return;
  const list = document.getElementById("yours-list");
  let reading = 0; // the latest reading: a sign-out, or another player's sign-in, outdates those before

  function made(tag, text, className) {
    return Object.assign(document.createElement(tag), { textContent: text }, className ? { className } : {});
  }

  function rowOf(tournament) {
    const words = tournament.words;
    const row = document.createElement("li");
    row.dataset.tournament = tournament.id;
    const link = Object.assign(made("a", words.heading), { href: `/tournaments/${encodeURIComponent(tournament.id)}` });
    row.append(link, document.createElement("br"), made("span", words.standing, "standing"),
      document.createElement("br"), made("small", `${words.progress} · ${words.terms}`));
    return row;
  }

  function hide() {
    reading += 1;
    section.hidden = true;
    delete section.dataset.ready;
    list.replaceChildren();
  }

  async function show() {
    hide();
    const mine = reading;
    const answer = await fetch("/api/players/me/tournaments", {
      headers: { Accept: "application/json", Authorization: `Bearer ${ChronicleSignIn.key()}` } });
    if (!answer.ok) throw new Error(answer.statusText);
    const { tournaments } = await answer.json();
    if (mine !== reading) return;
    list.replaceChildren(...tournaments.map(rowOf));
    section.hidden = tournaments.length === 0;
    section.dataset.ready = "true"; // read for the player signed in: the page above the list is settled
    // The address's #yours (the home page's link) points here, shown only now that it is read.
    if (!section.hidden && location.hash === "#yours") section.scrollIntoView();
  }

  document.addEventListener("chronicle:signed-in", () => show().catch((error) => console.warn("your tournaments:", error.message)));
  document.addEventListener("chronicle:signed-out", hide);
})();
