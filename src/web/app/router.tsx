/** The browser's data router over the shared route tree (routeObjects.tsx). */
import { createBrowserRouter } from 'react-router';
import { routeObjects } from './routeObjects.tsx';

export const router = createBrowserRouter(routeObjects);
