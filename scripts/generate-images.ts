// Generates the shipped illustrations: one avatar per preset interviewer (public/avatars/<slug>.svg)
// and the three How It Works steps (public/how-it-works/*.svg). Deterministic output; run with
// `npx tsx scripts/generate-images.ts` after changing a preset, and commit the files.
import fs from 'node:fs';
import path from 'node:path';
import { PRESET_INTERVIEWERS } from '../src/server/db/seed/preset-interviewers.js';

type Hair = 'short' | 'sidePart' | 'buzz' | 'long' | 'bob' | 'bun' | 'curly' | 'wavy';
type Look = {
  bg: [string, string];
  skin: string;
  hair: Hair;
  hairColor: string;
  shirt: string;
  collar: string;
  glasses?: boolean;
  beard?: boolean;
  earrings?: boolean;
};

const LOOKS: Record<string, Look> = {
  'sarah-chen': {
    bg: ['#c7d2fe', '#818cf8'],
    skin: '#f3d2b3',
    hair: 'bob',
    hairColor: '#1f1a17',
    shirt: '#1e3a8a',
    collar: '#f8fafc',
    earrings: true,
  },
  'marcus-webb': {
    bg: ['#bae6fd', '#38bdf8'],
    skin: '#8d5a3b',
    hair: 'buzz',
    hairColor: '#1b1410',
    shirt: '#334155',
    collar: '#e2e8f0',
    glasses: true,
  },
  'rachel-alvarez': {
    bg: ['#fed7aa', '#fb923c'],
    skin: '#d9a27c',
    hair: 'long',
    hairColor: '#4a2c1d',
    shirt: '#7c2d12',
    collar: '#fde68a',
  },
  'tom-brennan': {
    bg: ['#fecaca', '#f87171'],
    skin: '#f1c7a5',
    hair: 'short',
    hairColor: '#a0522d',
    shirt: '#1f2937',
    collar: '#93c5fd',
    beard: true,
  },
  'dana-whitfield': {
    bg: ['#bbf7d0', '#4ade80'],
    skin: '#e8b894',
    hair: 'bun',
    hairColor: '#7a4a2a',
    shirt: '#065f46',
    collar: '#ecfdf5',
    glasses: true,
  },
  'daniel-torres': {
    bg: ['#ddd6fe', '#a78bfa'],
    skin: '#c68863',
    hair: 'sidePart',
    hairColor: '#231815',
    shirt: '#4c1d95',
    collar: '#f5f3ff',
  },
  'elena-petrova': {
    bg: ['#fbcfe8', '#f472b6'],
    skin: '#f6dcc6',
    hair: 'wavy',
    hairColor: '#d4a24c',
    shirt: '#111827',
    collar: '#f9a8d4',
    earrings: true,
  },
  'greg-holloway': {
    bg: ['#fde68a', '#f59e0b'],
    skin: '#e9bf9c',
    hair: 'short',
    hairColor: '#9ca3af',
    shirt: '#1e40af',
    collar: '#dbeafe',
    glasses: true,
  },
  'alex-kim': {
    bg: ['#a5f3fc', '#22d3ee'],
    skin: '#eecba8',
    hair: 'sidePart',
    hairColor: '#141414',
    shirt: '#0f766e',
    collar: '#ccfbf1',
  },
  'naomi-clarke': {
    bg: ['#e9d5ff', '#c084fc'],
    skin: '#6f4430',
    hair: 'curly',
    hairColor: '#1a1110',
    shirt: '#9d174d',
    collar: '#fce7f3',
    earrings: true,
  },
};

/** A shade of a #rrggbb colour: factor < 1 darkens. */
function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) =>
    Math.max(0, Math.min(255, Math.round(v * factor))),
  );
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function hairBack(l: Look): string {
  const c = l.hairColor;
  switch (l.hair) {
    case 'long':
      return `<path d="M34 58c0-22 13-36 30-36s30 14 30 36v44H34z" fill="${c}"/>`;
    case 'wavy':
      return `<path d="M32 60c-2-24 14-39 32-39s34 15 32 39c4 10 2 26-4 36-8-6-12-4-14-2H50c-2-2-6-4-14 2-6-10-8-26-4-36z" fill="${c}"/>`;
    case 'bob':
      return `<path d="M36 58c0-20 12-34 28-34s28 14 28 34v22c0 4-4 6-8 6H44c-4 0-8-2-8-6z" fill="${c}"/>`;
    case 'bun':
      return `<circle cx="64" cy="22" r="11" fill="${c}"/>`;
    case 'curly':
      return [
        [40, 44, 13],
        [52, 32, 13],
        [64, 28, 14],
        [76, 32, 13],
        [88, 44, 13],
        [36, 58, 11],
        [92, 58, 11],
        [38, 72, 9],
        [90, 72, 9],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`)
        .join('');
    default:
      return '';
  }
}

function hairFront(l: Look): string {
  const c = l.hairColor;
  switch (l.hair) {
    case 'short':
      return `<path d="M40 54c-1-16 10-26 24-26s26 9 24 26c-4-7-10-11-16-11-6 4-20 4-26 0-3 3-5 7-6 11z" fill="${c}"/>`;
    case 'sidePart':
      return `<path d="M40 56c-3-18 9-29 25-29 15 0 26 10 23 28-2-8-8-14-14-15-10 5-22 6-30 4-2 4-3 8-4 12z" fill="${c}"/><path d="M58 31c-4 3-7 7-8 12" stroke="${shade(c, 1.6)}" stroke-width="1.5" fill="none" opacity=".5"/>`;
    case 'buzz':
      return `<path d="M41 52c0-14 10-23 23-23s23 9 23 23c-5-5-12-8-23-8s-18 3-23 8z" fill="${c}" opacity=".9"/>`;
    case 'long':
    case 'wavy':
      return `<path d="M40 58c0-17 10-28 24-28s24 11 24 28c-8-4-14-12-16-19-8 10-20 15-32 19z" fill="${c}"/>`;
    case 'bob':
      return `<path d="M40 56c0-16 10-27 24-27s24 11 24 27c-10 0-22-4-28-12-4 6-12 10-20 12z" fill="${c}"/>`;
    case 'bun':
      return `<path d="M41 54c0-15 10-25 23-25s23 10 23 25c-6-8-14-12-23-12s-17 4-23 12z" fill="${c}"/>`;
    case 'curly':
      return `<path d="M42 52c2-12 11-19 22-19s20 7 22 19c-6-5-14-7-22-7s-16 2-22 7z" fill="${c}"/>`;
  }
}

function avatar(l: Look, title: string): string {
  const skinDark = shade(l.skin, 0.86);
  const feature = shade(l.skin, 0.38);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${l.bg[0]}"/><stop offset="1" stop-color="${l.bg[1]}"/></linearGradient><clipPath id="c"><circle cx="64" cy="64" r="64"/></clipPath></defs>`,
    '<g clip-path="url(#c)">',
    '<rect width="128" height="128" fill="url(#bg)"/>',
    hairBack(l),
    `<path d="M18 128c2-22 20-34 46-34s44 12 46 34z" fill="${l.shirt}"/>`,
    `<path d="M54 80h20v14c0 6-20 6-20 0z" fill="${skinDark}"/>`,
    `<path d="M50 94l14 14 14-14c-4-2-8-3-14-3s-10 1-14 3z" fill="${l.collar}"/>`,
    `<path d="M54 92l10 10 10-10-2-3-8 6-8-6z" fill="${skinDark}"/>`,
    `<ellipse cx="42" cy="62" rx="4" ry="6" fill="${skinDark}"/><ellipse cx="86" cy="62" rx="4" ry="6" fill="${skinDark}"/>`,
    `<ellipse cx="64" cy="60" rx="22" ry="26" fill="${l.skin}"/>`,
    l.earrings
      ? `<circle cx="42" cy="70" r="2" fill="#facc15"/><circle cx="86" cy="70" r="2" fill="#facc15"/>`
      : '',
    l.beard
      ? `<path d="M43 64c2 16 10 22 21 22s19-6 21-22c-4 6-8 8-11 8-3-3-7-4-10-4s-7 1-10 4c-3 0-7-2-11-8z" fill="${l.hairColor}"/>`
      : '',
    hairFront(l),
    `<path d="M50 52q5-3 10 0M68 52q5-3 10 0" stroke="${feature}" stroke-width="2" stroke-linecap="round" fill="none"/>`,
    `<circle cx="55" cy="60" r="2.6" fill="${feature}"/><circle cx="73" cy="60" r="2.6" fill="${feature}"/>`,
    l.glasses
      ? `<g stroke="#1f2937" stroke-width="2" fill="#ffffff" fill-opacity=".15"><rect x="47" y="54" width="15" height="12" rx="4"/><rect x="66" y="54" width="15" height="12" rx="4"/><path d="M62 59h4" fill="none"/></g>`
      : '',
    `<path d="M64 62c-1 4-2 7 0 8" stroke="${shade(l.skin, 0.7)}" stroke-width="1.6" stroke-linecap="round" fill="none"/>`,
    `<path d="M57 75q7 5 14 0" stroke="${shade(l.skin, 0.45)}" stroke-width="2.2" stroke-linecap="round" fill="none"/>`,
    '</g></svg>',
  ];
  return `${parts.filter(Boolean).join('\n')}\n`;
}

/** Frame shared by the three step illustrations: a soft card with an accent blob. */
function stepFrame(title: string, accent: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320" width="480" height="320" role="img" aria-label="${title}">
<title>${title}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2ff"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
<rect width="480" height="320" rx="24" fill="url(#bg)"/>
<circle cx="410" cy="60" r="90" fill="${accent}" opacity=".18"/>
<circle cx="60" cy="290" r="70" fill="${accent}" opacity=".12"/>
${body}
</svg>
`;
}

const card = (x: number, y: number, w: number, h: number, stroke = '#c7d2fe', strokeWidth = 2) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="#ffffff" stroke="${stroke}" stroke-width="${strokeWidth}"/>`;
const line = (x: number, y: number, w: number, color = '#cbd5e1', h = 10) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${color}"/>`;

function setupImage(): string {
  const persona = (x: number, color: string, selected: boolean) =>
    [
      selected ? card(x, 70, 120, 170, '#4f46e5', 4) : card(x, 70, 120, 170),
      `<circle cx="${x + 60}" cy="120" r="28" fill="${color}"/>`,
      `<circle cx="${x + 60}" cy="112" r="11" fill="#fff" opacity=".9"/><path d="M${x + 42} 140c4-12 32-12 36 0z" fill="#fff" opacity=".9"/>`,
      line(x + 20, 164, 80, '#334155'),
      line(x + 28, 184, 64),
      line(x + 24, 204, 72),
      selected
        ? `<circle cx="${x + 108}" cy="82" r="16" fill="#4f46e5"/><path d="M${x + 100} 82l6 6 10-12" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
        : '',
    ].join('\n');
  return stepFrame(
    'Set up: choose a scenario and persona',
    '#6366f1',
    [
      persona(40, '#f59e0b', false),
      persona(180, '#6366f1', true),
      persona(320, '#10b981', false),
      `<rect x="180" y="262" width="120" height="34" rx="17" fill="#4f46e5"/>`,
      line(206, 274, 68, '#e0e7ff'),
    ].join('\n'),
  );
}

function practiceImage(): string {
  const bars = [18, 34, 52, 28, 64, 40, 76, 48, 30, 58, 36, 22, 44, 26]
    .map(
      (h, i) =>
        `<rect x="${130 + i * 16}" y="${200 - h / 2}" width="8" height="${h}" rx="4" fill="#0ea5e9" opacity="${0.55 + (i % 3) * 0.15}"/>`,
    )
    .join('');
  return stepFrame(
    'Practice: talk with the AI persona by voice',
    '#0ea5e9',
    [
      card(60, 40, 360, 240),
      `<circle cx="240" cy="110" r="40" fill="#0ea5e9"/><circle cx="240" cy="100" r="14" fill="#fff"/><path d="M216 132c6-16 42-16 48 0z" fill="#fff"/>`,
      `<circle cx="240" cy="110" r="52" fill="none" stroke="#0ea5e9" stroke-width="3" opacity=".35"/>`,
      bars,
      `<rect x="160" y="236" width="68" height="28" rx="14" fill="#e2e8f0"/><rect x="172" y="246" width="44" height="8" rx="4" fill="#64748b"/>`,
      `<rect x="244" y="236" width="76" height="28" rx="14" fill="#ef4444"/><rect x="258" y="246" width="48" height="8" rx="4" fill="#fee2e2"/>`,
    ].join('\n'),
  );
}

function reviewImage(): string {
  const rows = [
    ['#10b981', 8.5],
    ['#6366f1', 7],
    ['#f59e0b', 6],
    ['#0ea5e9', 9],
  ] as const;
  const bars = rows
    .map(([color, score], i) => {
      const y = 110 + i * 36;
      return `${line(96, y, 90, '#94a3b8')}${line(200, y, 180, '#e2e8f0', 12)}<rect x="200" y="${y}" width="${(180 * score) / 10}" height="12" rx="6" fill="${color}"/>`;
    })
    .join('\n');
  return stepFrame(
    'Review: scores and feedback for every criterion',
    '#10b981',
    [
      card(70, 40, 340, 250),
      line(96, 64, 140, '#334155', 14),
      `<circle cx="370" cy="72" r="22" fill="#10b981"/><path d="M360 72l7 7 13-15" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      bars,
    ].join('\n'),
  );
}

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const root = path.resolve(import.meta.dirname, '..', 'public');
for (const p of PRESET_INTERVIEWERS) {
  const look = LOOKS[p.slug];
  if (!look) throw new Error(`no avatar look for preset ${p.slug}`);
  write(path.join(root, 'avatars', `${p.slug}.svg`), avatar(look, `Portrait of ${p.name}`));
}
write(path.join(root, 'how-it-works', 'setup.svg'), setupImage());
write(path.join(root, 'how-it-works', 'practice.svg'), practiceImage());
write(path.join(root, 'how-it-works', 'review.svg'), reviewImage());
console.log(`wrote ${PRESET_INTERVIEWERS.length} avatars and 3 step images under ${root}`);
