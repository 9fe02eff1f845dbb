import { Form, Link } from 'react-router';
import { SelectField, TextField } from '../../components/form';
import { sermonsUrl, type FacetCount, type SeriesLink, type SermonFilters, type SpeakerLink } from './queries';

type Props = { filters: SermonFilters; series: SeriesLink[]; speakers: SpeakerLink[]; books: FacetCount[]; years: FacetCount[] };

const facetOptions = (facets: FacetCount[]) => facets.map((facet) => ({ value: facet.value, label: `${facet.label} (${facet.count})` }));

/**
 * The sermons' filters: a GET form, so it works before JavaScript has loaded and the URL keeps what was chosen
 * (a filtered list can be shared or bookmarked). Changing a filter starts again at page 1.
 */
export function SermonFilterForm({ filters, series, speakers, books, years }: Props) {
  return (
    <Form method="get" action="/sermons" className="sermon-filters" role="search" aria-label="Find a sermon">
      <TextField name="q" label="Search" type="search" defaultValue={filters.q} hint="A title, a speaker or a passage, e.g. John 3" />
      <SelectField name="series" label="Series" placeholder="Any series" defaultValue={filters.series} options={series.map((item) => ({ value: item.id, label: item.title }))} />
      <SelectField name="speaker" label="Speaker" placeholder="Anyone" defaultValue={filters.speaker} options={speakers.map((item) => ({ value: item.id, label: item.name }))} />
      <SelectField name="book" label="Book of the Bible" placeholder="Any book" defaultValue={bookValue(filters.book, books)} options={facetOptions(books)} />
      <SelectField name="year" label="Year" placeholder="Any year" defaultValue={filters.year} options={facetOptions(years)} />
      <p className="sermon-filter-actions">
        <button type="submit" className="button primary">
          Find sermons
        </button>
        <Link to="/sermons" className="button ghost">
          Clear filters
        </Link>
      </p>
    </Form>
  );
}

/** A book typed into the URL by name ("John") selects its option, whose value is the OSIS code ("John", "1Cor"). */
function bookValue(book: string, books: FacetCount[]): string {
  const wanted = book.toLowerCase();
  return books.find((facet) => facet.value.toLowerCase() === wanted || facet.label.toLowerCase() === wanted)?.value ?? book;
}

/** Newer/older page links that keep the filters. */
export function SermonPages({ filters, page, pages }: { filters: SermonFilters; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination sermon-pagination" aria-label="Pages">
      {page > 1 ? <Link to={sermonsUrl(filters, page - 1)}>← Newer</Link> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={sermonsUrl(filters, page + 1)}>Older →</Link> : <span />}
    </nav>
  );
}
