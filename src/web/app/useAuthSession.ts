/**
 * The visitor's login state for the app shell: the same hook the feature screens use
 * (src/web/lib/useAuthSnapshot.ts). The prerendered first view cannot know who visits: it, and
 * hydration, show 'loading'.
 */
export { useAuthSnapshot as useAuthSession } from '../lib/useAuthSnapshot.ts';
