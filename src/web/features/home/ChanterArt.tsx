/**
 * A drawn practice chanter for the hero: inline SVG so Home loads no image from the network.
 * Seven finger holes (three for the top hand, four for the bottom) as on a real chanter;
 * decorative, so hidden from assistive technology.
 */
const holes = [132, 154, 176, 214, 236, 258, 280];

export function ChanterArt() {
  return (
    <svg className="home-chanter" viewBox="0 0 160 340" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="home-chanter-wood" x1="0" x2="1">
          <stop offset="0" stopColor="#2b2f36" />
          <stop offset="0.45" stopColor="#4b515b" />
          <stop offset="1" stopColor="#1f2329" />
        </linearGradient>
      </defs>
      {/* mouthpiece, cap and ferrule */}
      <rect x="72" y="6" width="16" height="44" rx="6" fill="#f6f4ef" />
      <rect x="60" y="46" width="40" height="62" rx="8" fill="url(#home-chanter-wood)" />
      <rect x="58" y="100" width="44" height="10" rx="3" fill="#d9c27a" />
      {/* body with a slight flare to the sole */}
      <path d="M64 110 H96 L98 304 H62 Z" fill="url(#home-chanter-wood)" />
      <rect x="54" y="300" width="52" height="24" rx="6" fill="#d9c27a" />
      {holes.map((y) => (
        <circle key={y} cx="80" cy={y} r="6" fill="#0c0f13" stroke="#d9c27a" strokeWidth="1.5" />
      ))}
      {/* notes rising from the chanter */}
      <g fill="#f6f4ef" opacity="0.9">
        <ellipse cx="128" cy="92" rx="9" ry="6.5" transform="rotate(-20 128 92)" />
        <rect x="135" y="52" width="3" height="40" />
        <ellipse cx="26" cy="168" rx="8" ry="6" transform="rotate(-20 26 168)" />
        <rect x="32" y="132" width="3" height="36" />
        <path d="M35 132 q12 6 10 20 q-2-9-10-12 z" />
      </g>
    </svg>
  );
}
