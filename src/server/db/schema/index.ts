export { tblblasterhighscore } from './highScores.ts';
