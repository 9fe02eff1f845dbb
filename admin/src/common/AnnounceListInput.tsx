import { SelectInput } from 'react-admin';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { useLoaded } from './useLoaded';

/**
 * The list whose subscribers are sent a post or video once it is published (empty: nobody). Where the lists cannot
 * be read, there is nothing to choose and the field is left out.
 */
export const AnnounceListInput = () => {
  const dataProvider = useAdminDataProvider();
  // Async, so that a data provider without the method (a screen's test) fails the read instead of the render.
  const { data, error } = useLoaded('lists', async () => dataProvider.mailingListChoices());
  if (error) return null;
  return (
    <SelectInput
      source="announceListId"
      label="E-mail this to the subscribers of"
      choices={data ?? []}
      isPending={!data}
      emptyText="Nobody"
      helperText="Sent once, when it is published."
    />
  );
};
