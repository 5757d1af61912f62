export { tblblasterhighscore } from './highScores.ts';
export { tblgamesession } from './gameSessions.ts';
export { captcha_used, form_submissions } from './forms.ts';
