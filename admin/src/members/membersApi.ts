import type { Transport } from '../data/transport';

const MARK_VERIFIED = 'mutation MarkEmailVerified($id: ID!) { markEmailVerified(id: $id) { id emailVerified emailVerifiedAt } }';

const UPDATE_ROLE = 'mutation UpdateUserRole($id: ID!, $role: Role!) { updateUser(id: $id, role: $role) { id role } }';

/** The data provider's member methods, beyond the members' list and page. */
export const memberMethods = ({ call }: Transport) => ({
  /** Confirms the person's address on their behalf; the server puts the staff member's name on the audit trail. */
  async markEmailVerified(id: string): Promise<void> {
    await call(MARK_VERIFIED, { id });
  },
  /** The server refuses to leave the site without an Admin. */
  async changeRole(id: string, role: string): Promise<void> {
    await call(UPDATE_ROLE, { id, role });
  },
});
