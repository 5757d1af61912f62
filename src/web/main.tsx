import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// A transition renders in slices that yield to the browser every few milliseconds, where a
// plain render was one long task of the first load (issue 21 item 3).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
});
