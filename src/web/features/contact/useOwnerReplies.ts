import { useEffect, useState } from 'react';
import { loadPublicConfig } from '../../lib/publicConfig.ts';

/** Asks the public configuration whether the site owner set an address that replies come from. */
export type LoadOwnerReplies = () => Promise<boolean>;

// One function for the module, not one per render: it is an effect dependency below.
const fromPublicConfig: LoadOwnerReplies = () =>
  loadPublicConfig().then((config) => config.ownerReplies === true);

/**
 * Whether Contact may promise a reply by email (issue 22 item 11): true only when the server
 * says SITE_OWNER_EMAIL is set; undefined while it is asked or when it cannot be asked.
 */
export function useOwnerReplies(load: LoadOwnerReplies = fromPublicConfig): boolean | undefined {
  const [replies, setReplies] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setReplies(value),
      () => live && setReplies(undefined),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return replies;
}
