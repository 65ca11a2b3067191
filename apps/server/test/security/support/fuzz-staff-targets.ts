import { createHash } from 'node:crypto';
import { acceptInvitationSchema, staffInviteSchema, staffRoleChangeSchema } from '@pharmacy/shared';
import { staffInvitations, users } from '../../../src/db/schema/index';
import { jsonBody, type FuzzTarget, type FuzzWorld } from './fuzz';

/**
 * Issue 32 staff management: the owner's routes (invite, revoke, role, deactivate, reactivate)
 * and the invitation link's two public ones. Their fixtures — a packer's account and an open
 * invitation with a known token — are made by the first prepare() that needs them.
 */
interface StaffFixtures {
  packerId: number;
  invitationId: number;
  token: string;
}

let fixtures: StaffFixtures | undefined;
const made = (): StaffFixtures => {
  if (!fixtures) throw new Error('staff fuzz fixtures are not made yet');
  return fixtures;
};

async function ensureFixtures(w: FuzzWorld): Promise<void> {
  if (fixtures) return;
  const [packer] = await w.db
    .insert(users)
    .values({
      name: 'Fuzz packer',
      email: 'fuzz-packer@example.com',
      roleId: 4,
      providerName: 'Email',
    })
    .returning({ id: users.id });
  const token = 'fuzz-invitation-token';
  const [invitation] = await w.db
    .insert(staffInvitations)
    .values({
      name: 'Fuzz invitee',
      email: 'fuzz-invitee@example.com',
      roleId: 4,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: staffInvitations.id });
  if (!packer || !invitation) throw new Error('staff fuzz fixtures');
  fixtures = { packerId: packer.id, invitationId: invitation.id, token };
}

const prepare = (w: FuzzWorld) => ensureFixtures(w);

export const STAFF_TARGETS: readonly FuzzTarget[] = [
  {
    route: 'POST /api/staff/invitations',
    group: 'admin',
    actors: ['admin'],
    body: () => jsonBody(staffInviteSchema),
  },
  {
    route: 'DELETE /api/staff/invitations/:id',
    group: 'admin',
    actors: ['admin'],
    prepare,
    path: () => `/api/staff/invitations/${made().invitationId}`,
  },
  {
    route: 'PUT /api/staff/:userId/role',
    group: 'admin',
    actors: ['admin'],
    prepare,
    path: () => `/api/staff/${made().packerId}/role`,
    body: () => jsonBody(staffRoleChangeSchema),
  },
  {
    route: 'POST /api/staff/:userId/deactivate',
    group: 'admin',
    actors: ['admin'],
    prepare,
    path: () => `/api/staff/${made().packerId}/deactivate`,
  },
  {
    route: 'POST /api/staff/:userId/reactivate',
    group: 'admin',
    actors: ['admin'],
    prepare,
    path: () => `/api/staff/${made().packerId}/reactivate`,
  },
  {
    route: 'GET /api/staff/invitations/:token',
    group: 'forms',
    actors: ['anonymous', 'memberA'],
    prepare,
    path: () => `/api/staff/invitations/${made().token}`,
  },
  {
    route: 'POST /api/staff/invitations/accept',
    group: 'forms',
    actors: ['anonymous'],
    body: () => jsonBody(acceptInvitationSchema),
  },
];
