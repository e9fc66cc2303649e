// Passkeys (WebAuthn), only where the browser offers them (window.PublicKeyCredential):
// the sign-in form's "Sign in with a passkey", and on your own profile "Add a passkey".
// The server's options carry binary fields as base64url, and so does what is sent back.

import { passkeyOptions, passkeySignIn, passkeySignInOptions, refusal, registerPasskey } from "./api.js";
import { $ } from "./dom.js";
import { _ } from "./i18n.js";

const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The server's options as the browser takes them: every id and challenge as bytes. */
function publicKey(options) {
  const key = { ...options, challenge: bytes(options.challenge) };
  if (key.user) key.user = { ...key.user, id: bytes(key.user.id) };
  for (const list of ["excludeCredentials", "allowCredentials"]) {
    if (key[list]) key[list] = key[list].map((c) => ({ ...c, id: bytes(c.id) }));
  }
  return key;
}

/** A PublicKeyCredential as JSON, its binary fields as base64url. */
function asJson(credential) {
  const response = {};
  for (const name of ["clientDataJSON", "attestationObject", "authenticatorData", "signature", "userHandle"]) {
    if (credential.response[name]) response[name] = text(credential.response[name]);
  }
  if (credential.response.getTransports) response.transports = credential.response.getTransports();
  return { id: credential.id, rawId: text(credential.rawId), type: credential.type, response, clientExtensionResults: {} };
}

function say(box, words) {
  box.textContent = words;
  box.hidden = false;
}

async function signIn(errorBox) {
  errorBox.hidden = true;
  const options = await passkeySignInOptions();
  if (!options.ok) return say(errorBox, refusal(options));
  let credential;
  try {
    credential = await navigator.credentials.get({ publicKey: publicKey(options.body.publicKey) });
  } catch {
    return say(errorBox, _("No passkey was given."));
  }
  const answer = await passkeySignIn({ ceremony: options.body.ceremony, credential: asJson(credential) });
  if (!answer.ok) return say(errorBox, refusal(answer));
  window.location.reload();
}

async function register(status) {
  const options = await passkeyOptions();
  if (!options.ok) return say(status, refusal(options));
  let credential;
  try {
    credential = await navigator.credentials.create({ publicKey: publicKey(options.body.publicKey) });
  } catch {
    return say(status, _("No passkey was made."));
  }
  const answer = await registerPasskey({ ceremony: options.body.ceremony, credential: asJson(credential) });
  say(status, answer.ok ? _("Your passkey is ready: sign in with it next time.") : refusal(answer));
}

if (window.PublicKeyCredential) {
  const signInButton = $("tv-passkey-sign-in");
  if (signInButton) {
    signInButton.hidden = false;
    signInButton.addEventListener("click", () => signIn($("tv-account-error")));
  }
  const card = $("tv-passkeys");
  if (card) {
    card.hidden = false;
    $("tv-passkey-add").addEventListener("click", () => register($("tv-passkey-status")));
  }
}
