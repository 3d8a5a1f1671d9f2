// A short chime when it becomes this player's turn while the page is in
// the background (another tab or window), or, waiting in the lobby, when a
// friend sits down or the match starts: two soft sine tones made with the
// Web Audio API, nothing to download. In front, the page itself and the
// tab's title show the turn, and a chime every few seconds against
// computer players would only annoy. On by default; the box on the first
// page turns it off for this device.
//
// A browser lets a page make sounds only once the person has clicked or
// typed on it: the audio is opened at the first such gesture, and until
// then a chime is skipped without a word.

const KEY = 'leastscore.sound';
let ctx = null;

export function soundOn() {
  return localStorage.getItem(KEY) !== '0';
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? '1' : '0');
  if (on) open();
}

function open() {
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  } catch {
    ctx = null; // no audio here: the page goes on without sound
  }
}

for (const type of ['pointerdown', 'keydown']) {
  addEventListener(type, () => { if (soundOn()) open(); }, { capture: true, passive: true });
}

// Whether the page is out of the person's sight: another tab or window is
// in front of it.
export function inBackground() {
  return document.hidden || !document.hasFocus();
}

// Plays the chime if sound is on, the page is in the background, and the
// audio may play; returns whether it did.
export function chime() {
  if (!soundOn() || !inBackground()) return false;
  if (!ctx || ctx.state !== 'running') return false;
  const t = ctx.currentTime;
  for (const [freq, at] of [[660, 0], [880, 0.14]]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t + at);
    gain.gain.exponentialRampToValueAtTime(0.2, t + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t + at);
    osc.stop(t + at + 0.32);
  }
  return true;
}
