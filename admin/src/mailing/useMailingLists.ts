import { useLoaded, type Loaded } from '../common/useLoaded';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { MailingListChoice } from './mailingApi';

/** Every list the signed-in person may see, by name, for a chooser. */
export function useMailingLists(): Loaded<MailingListChoice[]> {
  const dataProvider = useAdminDataProvider();
  return useLoaded('lists', () => dataProvider.mailingListChoices());
}
