// The header's account (templates/account.html): sign in, sign up, sign out. Each reloads
// the page, which the server renders for the new session. Passkeys: passkeys.js.

import { refusal, signIn, signOut, signUp } from "./api.js";
import "./passkeys.js";

const box = document.getElementById("tv-account");

/** The signed-in player's name ("" for nobody). */
export const signedIn = () => (box && box.dataset.player) || "";

const form = document.getElementById("tv-sign-in");
if (form) {
  const errorBox = document.getElementById("tv-account-error");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    errorBox.hidden = true;
    const credentials = { name: form.elements.name.value.trim(), password: form.elements.password.value };
    const up = e.submitter && e.submitter.dataset.action === "sign-up";
    const answer = await (up ? signUp(credentials) : signIn(credentials));
    if (answer.ok) {
      window.location.reload();
      return;
    }
    errorBox.textContent = refusal(answer);
    errorBox.hidden = false;
    form.elements.password.focus();
  });
}

const out = document.getElementById("tv-sign-out");
if (out) {
  out.addEventListener("click", async () => {
    await signOut();
    window.location.reload();
  });
}
