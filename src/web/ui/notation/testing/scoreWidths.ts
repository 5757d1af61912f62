/**
 * The width the score gets on Sheet Music (.music-notation's clientWidth, measured in Chromium
 * in 1280 × 800 and 375 × 740 windows). The layout tests (../drawScore.test.ts) lay scores out
 * at these widths; e2e/sheetMusic.e2e.ts checks the desktop one still holds (issue 22 item 6).
 */
export const DESKTOP_SCORE_WIDTH = 782;
export const PHONE_SCORE_WIDTH = 333;
