// A bleat, synthesized with WebAudio (no sound files): a buzzy tone with a fast
// vibrato and a falling pitch, shaped like "baa-aa-aa".
let audio = null;

export function bleat() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
  } catch (e) {
    return false;
  }
  const now = audio.currentTime;
  const voice = audio.createOscillator();
  voice.type = "sawtooth";
  voice.frequency.setValueAtTime(420, now);
  voice.frequency.linearRampToValueAtTime(360, now + 0.7);
  const wobble = audio.createOscillator();
  wobble.frequency.value = 22;
  const wobbleDepth = audio.createGain();
  wobbleDepth.gain.value = 28;
  wobble.connect(wobbleDepth).connect(voice.frequency);
  const throat = audio.createBiquadFilter();
  throat.type = "bandpass";
  throat.frequency.value = 1100;
  throat.Q.value = 1.4;
  const loudness = audio.createGain();
  loudness.gain.setValueAtTime(0.0001, now);
  loudness.gain.exponentialRampToValueAtTime(0.35, now + 0.05);
  loudness.gain.setValueAtTime(0.3, now + 0.5);
  loudness.gain.exponentialRampToValueAtTime(0.0001, now + 0.8);
  voice.connect(throat).connect(loudness).connect(audio.destination);
  voice.start(now);
  wobble.start(now);
  voice.stop(now + 0.85);
  wobble.stop(now + 0.85);
  return true;
}

/** Two soft bell notes: "your turn". Returns false where the page may not play sound. */
export function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
  } catch (e) {
    return false;
  }
  const now = audio.currentTime;
  [660, 880].forEach((pitch, i) => {
    const bell = audio.createOscillator();
    bell.type = "sine";
    bell.frequency.value = pitch;
    const loudness = audio.createGain();
    const at = now + i * 0.18;
    loudness.gain.setValueAtTime(0.0001, at);
    loudness.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    loudness.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    bell.connect(loudness).connect(audio.destination);
    bell.start(at);
    bell.stop(at + 0.55);
  });
  return true;
}
