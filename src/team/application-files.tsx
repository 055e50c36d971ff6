import type { TeamFile } from './team-answers';
import { isTeamFileUrl } from './team-api-urls';
import { fieldOf, isPhoto, photoAlt } from './application-view';
import { sizeOf } from './team-words';

/**
 * The application's files: photos as thumbnails from the receiver (which sends them inline, with
 * nosniff and a sandboxing policy), each opening full size; every other file a download link,
 * never shown in the page.
 */
export function ApplicationFiles({ files }: { files: readonly TeamFile[] }) {
  const photos = files.filter(isPhoto);
  const documents = files.filter((file) => !isPhoto(file));
  return (
    <section className="application-part" aria-labelledby="files-heading">
      <h2 id="files-heading">Files</h2>
      {files.length === 0 && <p>No files were sent with this application.</p>}
      {photos.length > 0 && (
        <ul className="photos">
          {photos.map((file) => (
            <li key={file.uploadId} className="photos__one">
              <a href={file.url} target="_blank" rel="noopener noreferrer">
                <img src={file.url} alt={photoAlt(file)} width={file.width ?? undefined} height={file.height ?? undefined} loading="lazy" decoding="async" />
              </a>
              <p className="photos__caption">
                <span dir="auto">{file.name}</span>
                <br />
                <span className="team-muted">{`${fieldOf(file)} · ${sizeOf(file.size)}`}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <ul className="documents">
          {documents.map((file) => (
            <li key={file.uploadId}>
              {isTeamFileUrl(file.url) ? (
                <a href={file.url} download={file.name}>
                  {`Download ${file.name}`}
                </a>
              ) : (
                <span dir="auto">{file.name}</span>
              )}{' '}
              <span className="team-muted">{`${fieldOf(file)} · ${file.type} · ${sizeOf(file.size)}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
