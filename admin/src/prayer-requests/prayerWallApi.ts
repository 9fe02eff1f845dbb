import type { Transport } from '../data/transport';

const APPROVE = 'mutation ApprovePrayerForWall($id: ID!) { approvePrayerForWall(id: $id) { id wallStatus } }';

const REMOVE = 'mutation RemovePrayerFromWall($id: ID!) { removePrayerFromWall(id: $id) { id wallStatus } }';

/** The data provider's prayer wall moderation. */
export const prayerWallMethods = ({ call }: Transport) => ({
  async approvePrayerForWall(id: string): Promise<void> {
    await call(APPROVE, { id });
  },
  async removePrayerFromWall(id: string): Promise<void> {
    await call(REMOVE, { id });
  },
});
