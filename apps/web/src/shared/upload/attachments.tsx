// Attachments (docs/files.md): private files any signed-in account uploads (POST /api/files) and a
// service then attaches to its item by id (`fileIds`). The field checks the limits before anything
// is sent; the list fetches a file with the Bearer header (never a token in a URL) and saves it.
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, List, Typography } from 'antd';
import { useCallback, useId, useRef, useState } from 'react';
import { FILE_ACCEPT, FILE_LIMITS, FILE_MSG, FILE_PATHS, FILE_TYPES, UPLOAD_CLAIM_HEADER, type AttachedFile, type UploadedFile, type VisitorUpload } from '@hqt/contract/files';
import { http } from '@/shared/api/http';
import { toast } from '@/shared/ui/feedback';

const EXTENSIONS = new Set<string>(Object.values(FILE_TYPES).flat());

/** Why these files may not be added to the `held` ones (the server's own words), or null. */
export function attachmentProblem(files: readonly File[], held: number): string | null {
  if (files.length === 0) return FILE_MSG.empty;
  if (held + files.length > FILE_LIMITS.maxPerItem) return FILE_MSG.tooMany;
  if (files.some((f) => f.size > FILE_LIMITS.maxBytes)) return FILE_MSG.tooLarge;
  if (files.some((f) => !EXTENSIONS.has(f.name.split('.').pop()?.toLowerCase() ?? ''))) return FILE_MSG.wrongType;
  return null;
}

export const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** How the picked files are sent: an account's upload by default (a visitor's: `useVisitorUpload`). */
export type Uploader = (form: FormData) => Promise<UploadedFile[]>;
const accountUpload: Uploader = (form) => http.post<UploadedFile[]>(FILE_PATHS.upload, form);

/**
 * A visitor's uploads (no account: a 公示's objector): the first answers a claim, kept here (never
 * in the address or storage) and sent with the later uploads and with the item they are filed with.
 */
export function useVisitorUpload(): { upload: Uploader; claim: () => string | null } {
  const claim = useRef<string | null>(null);
  const upload = useCallback<Uploader>(async (form) => {
    const answer = await http.post<VisitorUpload>(FILE_PATHS.visitorUpload, form, { headers: claim.current ? { [UPLOAD_CLAIM_HEADER]: claim.current } : {} });
    claim.current = answer.claim;
    return answer.files;
  }, []);
  return { upload, claim: useCallback(() => claim.current, []) };
}

/** 上传附件: the files uploaded so far (their ids go with the form), at most FILE_LIMITS.maxPerItem. */
export function AttachmentField({ value = [], onChange, label = '上传附件', upload = accountUpload }: { value?: UploadedFile[]; onChange?: (files: UploadedFile[]) => void; label?: string; upload?: Uploader }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploading, setUploading] = useState(false);
  const add = async (picked: File[]) => {
    const problem = attachmentProblem(picked, value.length);
    if (problem) return void toast.error(problem);
    const form = new FormData();
    for (const file of picked) form.append('file', file, file.name);
    setUploading(true);
    try {
      onChange?.([...value, ...(await upload(form))]);
    } catch {
      // the HTTP client has shown why
    } finally {
      setUploading(false);
    }
  };
  return (
    <div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        // inside an antd Form, its stylesheet shows file inputs (`.ant-form input[type=file]` is block)
        style={{ display: 'none' }}
        accept={FILE_ACCEPT}
        aria-label={label}
        onChange={(e) => {
          const picked = [...(e.target.files ?? [])];
          e.target.value = '';
          void add(picked);
        }}
      />
      <Button icon={<UploadOutlined />} loading={uploading} disabled={value.length >= FILE_LIMITS.maxPerItem} onClick={() => input.current?.click()} aria-describedby={hintId}>
        {label}
      </Button>
      <Typography.Paragraph id={hintId} type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
        最多 {FILE_LIMITS.maxPerItem} 个，单个不超过 10 MB；支持图片、PDF、Word、Excel、PowerPoint、纯文本
      </Typography.Paragraph>
      {value.length > 0 && (
        <List
          size="small"
          dataSource={value}
          renderItem={(f) => (
            <List.Item
              actions={[
                <Button key="remove" type="text" size="small" icon={<DeleteOutlined />} aria-label={`移除 ${f.name}`} onClick={() => onChange?.(value.filter((v) => v.id !== f.id))} />,
              ]}
            >
              <Typography.Text>
                <PaperClipOutlined /> {f.name}（{formatSize(f.size)}）
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

async function save(file: Pick<AttachedFile, 'name' | 'url'>) {
  try {
    const url = URL.createObjectURL(await http.blob(file.url));
    const a = Object.assign(document.createElement('a'), { href: url, download: file.name });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    // the HTTP client has shown why
  }
}

/** A private file as a button that downloads it, named by `label` (its name, by default). */
export function FileButton({ file, label = file.name }: { file: Pick<AttachedFile, 'name' | 'url'>; label?: string }) {
  return (
    <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => void save(file)} style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}>
      {label}
    </Button>
  );
}

/** An item's attached files, each a button that downloads it. */
export function AttachmentList({ files }: { files: readonly AttachedFile[] }) {
  if (files.length === 0) return null;
  return (
    <Flex vertical gap={2} align="flex-start">
      {files.map((f) => (
        <FileButton key={f.id} file={f} label={`${f.name}（${formatSize(f.size)}）`} />
      ))}
    </Flex>
  );
}
