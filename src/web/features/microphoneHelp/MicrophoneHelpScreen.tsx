import { audioInputName } from '../../lib/mediaDevices.ts';
import { GAIN_MAX, GAIN_MIN, GAIN_STEP } from '../../../music/chanter.ts';
import { helpPageUrl } from '../../lib/helpAnchor.ts';
import { InputWaveform } from './InputWaveform.tsx';
import { useMicTest } from './useMicTest.ts';
import './microphoneHelp.css';

const DEFAULT_DEVICE = '';

function openInNewTab(url: string) {
  window.open(url, '_blank', 'noopener');
}

/**
 * Microphone help (spec §2.3 'Microphone help', §4 'Microphone test', issue 4 point 10):
 * Basic Setup finds the microphones, saves the chosen one, and shows what it hears;
 * Advanced Troubleshooting gives tips and opens the static help page.
 */
export default function MicrophoneHelpScreen() {
  const test = useMicTest();
  const { status, devices, finding, error } = test.snapshot;
  const found = devices !== null;
  const running = status === 'running';
  const known = found && devices.some((d) => d.deviceId === test.microphone);
  // Both help buttons open the visitor's own section, `#{os}-{browser}` or `#{os}` (spec §2.3;
  // issue 13.14: Advanced Troubleshooting used to open the page at its top).
  // Read on click: the prerendered first view has no navigator (issue 21.1).
  const helpUrl = () => helpPageUrl(navigator.userAgent, navigator.maxTouchPoints);

  return (
    <section className="page mic-help" aria-labelledby="mic-help-title">
      <h1 id="mic-help-title">Microphone Help</h1>
      <p className="mic-help-lead">
        Chanterlab listens to your practice chanter through the microphone. Check here that it hears
        you, then fix what stops it.
      </p>

      <section className="card mic-help-topic" aria-labelledby="mic-basic">
        <h2 id="mic-basic">Basic Setup</h2>
        <ol className="mic-help-steps">
          <li>Press Find Microphones and allow microphone access when the browser asks.</li>
          <li>Choose your microphone, press Start Test and play a note.</li>
          <li>Raise the gain if the wave is small; lower it if it fills the box.</li>
        </ol>

        <div className="mic-help-row">
          <button
            type="button"
            className="button secondary"
            onClick={test.findMicrophones}
            disabled={finding}
          >
            {finding ? 'Finding…' : 'Find Microphones'}
          </button>
          <div className="mic-help-field">
            <label htmlFor="mic-help-device">Microphone</label>
            <select
              id="mic-help-device"
              disabled={!found}
              value={found && known ? (test.microphone ?? DEFAULT_DEVICE) : DEFAULT_DEVICE}
              onChange={(e) =>
                test.setMicrophone(e.target.value === DEFAULT_DEVICE ? null : e.target.value)
              }
            >
              {found ? (
                <>
                  <option value={DEFAULT_DEVICE}>System default</option>
                  {devices.map((d) => (
                    <option key={d.deviceId} value={d.deviceId}>
                      {audioInputName(d)}
                    </option>
                  ))}
                </>
              ) : (
                <option value={DEFAULT_DEVICE}>Find microphones first</option>
              )}
            </select>
          </div>
        </div>

        <div className="mic-help-row">
          {running || status === 'starting' ? (
            <button type="button" className="button" onClick={test.stop}>
              Stop Test
            </button>
          ) : (
            <button type="button" className="button" onClick={test.start} disabled={!found}>
              Start Test
            </button>
          )}
          <div className="mic-help-field mic-help-gain">
            <div className="mic-help-gain-head">
              <label htmlFor="mic-help-gain">Input gain</label>
              <output htmlFor="mic-help-gain">{test.gain.toFixed(1)}</output>
            </div>
            <input
              id="mic-help-gain"
              type="range"
              min={GAIN_MIN}
              max={GAIN_MAX}
              step={GAIN_STEP}
              value={test.gain}
              onChange={(e) => test.setGain(Number(e.target.value))}
            />
          </div>
        </div>

        <InputWaveform running={running} read={test.waveform} level={test.level} />

        <div className="mic-help-error" role="alert" data-empty={!error}>
          {error && (
            <>
              <p>{error.message}</p>
              {error.code && <p className="mic-help-code">Error code: {error.code}</p>}
              <button
                type="button"
                className="button secondary"
                onClick={() => openInNewTab(helpUrl())}
              >
                How to Fix
              </button>
            </>
          )}
        </div>
      </section>

      <section className="card mic-help-topic" aria-labelledby="mic-advanced">
        <h2 id="mic-advanced">Advanced Troubleshooting</h2>
        <ul className="mic-help-tips">
          <li>
            <strong>Permission.</strong> If you once pressed Block, the browser will not ask again:
            allow the microphone in the site settings (the icon left of the address), then reload.
          </li>
          <li>
            <strong>System privacy.</strong> Windows, macOS, iOS and Android can block the browser
            itself. Allow microphone access for your browser in the system settings.
          </li>
          <li>
            <strong>In use elsewhere.</strong> Close Zoom, Teams, Discord or another tab that is
            recording, then try again.
          </li>
          <li>
            <strong>The right input.</strong> Webcams and docked laptops add inputs. Pick the
            microphone nearest your chanter; a wired microphone beats Bluetooth, which lowers
            quality and adds delay while recording.
          </li>
          <li>
            <strong>Voice effects off.</strong> Turn off noise suppression, “voice isolation” (macOS
            Control Centre → Mic Mode) and Windows audio enhancements: they cut a steady chanter
            tone as if it were noise.
          </li>
          <li>
            <strong>Distance and gain.</strong> Keep the microphone about an arm&apos;s length from
            the chanter. If the wave fills the box or the meter is full, lower the gain; if it
            barely moves, raise it.
          </li>
        </ul>
        <button type="button" className="button secondary" onClick={() => openInNewTab(helpUrl())}>
          Open the full help page
        </button>
      </section>
    </section>
  );
}
