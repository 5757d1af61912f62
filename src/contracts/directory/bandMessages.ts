/**
 * Words of band management (issue 16 items 1 and 3) besides directoryMessages: who may do what
 * with a band's managers, invitations and listing. Shared by the server and /band-profile.
 */
import { DIRECTORY_LIMITS } from './directoryTerms.ts';

export const bandMessages = {
  notOwner: 'Only the band’s owner can do that.',
  lastOwner: 'The band’s owner cannot step down. Delete the band instead, or ask for help.',
  notAManager: 'That person does not manage this band.',
  tooManyManagers: `A band can have at most ${DIRECTORY_LIMITS.managersMax} managers, counting open invitations.`,
  alreadyManager: 'That address already belongs to one of the band’s managers.',
  inviteUnverified: 'Please confirm your email address by signing in with a link first.',
  inviteNotFound: 'That invitation has already been accepted or withdrawn.',
  tuneNotPublic: 'Please choose tunes from the public library.',
  deleted: 'The band was deleted.',
  confirmed: 'Thank you: the listing is confirmed for another 12 months.',
  invited: (email: string) =>
    `Invitation sent to ${email}. The link works for ${DIRECTORY_LIMITS.inviteDays} days.`,
  /** Why a band with no manager left is hidden (account deletion, issue 16 item 7). */
  orphaned: 'Its last manager deleted their account.',
  reminderSubject: (band: string) => `Is the listing for ${band} still right?`,
  inviteSubject: (band: string) => `You are invited to manage ${band} on Chanterlab`,
} as const;
