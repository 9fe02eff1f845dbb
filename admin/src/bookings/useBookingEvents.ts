import { type Loaded, useLoaded } from '../common/useLoaded';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { BookableEvent, Occurrence } from './bookingsApi';

/** Programs that take bookings; `upcoming` leaves out those that are over. */
export function useBookableEvents(upcoming: boolean): Loaded<BookableEvent[]> {
  const dataProvider = useAdminDataProvider();
  return useLoaded(String(upcoming), () => dataProvider.bookableEvents(upcoming));
}

/** The coming dates of one event (the one under way first), or nothing while no event is chosen. */
export function useOccurrences(postId: string | undefined): Loaded<Occurrence[]> {
  const dataProvider = useAdminDataProvider();
  return useLoaded(postId || undefined, () => dataProvider.bookingOccurrences(postId!));
}
