export { Pagination, PostCard, TestimonyCard } from './post-card';
export { authorName, CATEGORY, loadPost, loadPostsPage, pageNumber, POST_CARD_FIELDS, testimonyAuthor, type PostCardData, type ProgramEvent, type ProgramsView } from './queries';
