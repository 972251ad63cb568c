// The upload routes' body: exactly one file in field `file` and no other part, streamed and
// checked as it arrives (see read-multipart-form.ts).
import { readMultipartForm, type UploadedFile } from '@/lib/tickets/attachments/read-multipart-form';

export { cleanFileName, tooLarge, type UploadedFile } from '@/lib/tickets/attachments/read-multipart-form';

export const FILE_FIELD = 'file';

export async function readSingleFileUpload(req: Request, maxBytes: number): Promise<UploadedFile> {
  const form = await readMultipartForm(req, {
    fileField: FILE_FIELD,
    maxFiles: 1,
    maxFileBytes: maxBytes,
    fields: [],
    requireFile: true,
    expectation: 'exactly one file in field "file" and no other parts',
  });
  return form.files[0];
}
