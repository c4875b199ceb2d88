// The staff console's rich-text editor (Tiptap): a controlled field for antd's Form.Item that emits
// HTML. Loaded on demand (`lazy(() => import('./rich-text-editor'))`): Tiptap stays off every page
// that shows no editor. Images go through uploadImages, so spec §5's limits apply to the picker,
// to pasted and to dropped files alike.
import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DisconnectOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Button, Input, Modal } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { isSafeLink } from '@hqt/contract/validation';
import { toast } from '@/shared/ui/feedback';
import { IMAGE_ACCEPT, uploadImages, uploadProblem } from '@/shared/upload/upload-images';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The HTML; '' (or nothing) for an empty document. */
  value?: string;
  /** Called with the HTML on every edit ('' when the document is empty), never for `value` itself. */
  onChange?: (html: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  /** Form.Item passes its field id, so the label points at the editable area. */
  id?: string;
}

export const UNSAFE_LINK_MSG = '链接须以 http(s)://、mailto: 或 tel: 开头';

/** Links already in saved content may also be site paths (/uploads/…); anything else is dropped. */
const allowedHref = (url: string) => isSafeLink(url) || /^\/(?!\/)/.test(url);

/**
 * The HTML without the empty paragraphs at its end ('' for an empty document): the one the editor
 * keeps after a table or heading for the cursor to go to is no content.
 */
const htmlOf = (editor: Editor) => editor.getHTML().replace(/(?:<p><\/p>)+$/, '');

/** Nothing but one empty paragraph (a table of empty cells is not nothing). */
const isBlank = (editor: Editor) => {
  const { doc } = editor.state;
  return doc.childCount === 1 && doc.firstChild?.type.name === 'paragraph' && doc.firstChild.content.size === 0;
};

export default function RichTextEditor({ value, onChange, placeholder, 'aria-label': ariaLabel, id }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  /** The HTML this editor last showed to the form: `value` coming back as it is is no news. */
  const known = useRef(value ?? '');
  /** ProseMirror's handlers are fixed when the editor is made: they call the current upload through this. */
  const uploadRef = useRef<(files: File[]) => void>(() => {});
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(0);
  const [link, setLink] = useState<{ href: string; error: string | null } | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, defaultProtocol: 'https', isAllowedUri: allowedHref },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: 'rte-content',
        'aria-multiline': 'true',
        'aria-label': ariaLabel ?? placeholder ?? '正文',
        ...(id ? { id } : {}),
      },
      // Pasted image files (a screenshot) are uploaded; rich content that brings files along
      // (Word sends a picture of the selection beside its HTML) pastes as that content.
      handlePaste: (_view, event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (files.length === 0 || event.clipboardData?.getData('text/html')) return false;
        event.preventDefault();
        uploadRef.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (moved || files.length === 0) return false;
        event.preventDefault();
        // The images go where they were dropped: put the cursor there first.
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
        uploadRef.current(files);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      known.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value from outside (the form loads the saved item, or resets): show it, and say nothing.
  useEffect(() => {
    const next = value ?? '';
    if (editor.isDestroyed || next === known.current) return;
    known.current = next;
    if (next !== htmlOf(editor)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  async function upload(files: File[]) {
    const problem = uploadProblem(files);
    if (problem) return void toast.error(problem);
    setPending((n) => n + 1);
    try {
      const images = await uploadImages(files);
      if (editor.isDestroyed || images.length === 0) return;
      editor
        .chain()
        .focus()
        .insertContent(images.map((img) => ({ type: 'image', attrs: { src: img.url, alt: img.name } })))
        .run();
    } catch {
      // uploadImages has shown why
    } finally {
      setPending((n) => n - 1);
    }
  }
  useEffect(() => {
    uploadRef.current = (files) => void upload(files);
  });

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file may be picked again
    if (files.length > 0) void upload(files);
  }

  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      empty: isBlank(e),
      paragraph: e.isActive('paragraph'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      inTable: e.can().deleteTable(),
      addRow: e.can().addRowAfter(),
      addColumn: e.can().addColumnAfter(),
      deleteRow: e.can().deleteRow(),
      deleteColumn: e.can().deleteColumn(),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });

  const run = (command: (chain: ChainedCommands) => ChainedCommands) => () => void command(editor.chain().focus()).run();

  function openLink() {
    const href = (editor.getAttributes('link').href as string | undefined) ?? '';
    setLink({ href, error: null });
  }

  function applyLink() {
    if (!link) return;
    const href = link.href.trim();
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return setLink(null);
    }
    if (!isSafeLink(href)) return setLink({ href: link.href, error: UNSAFE_LINK_MSG });
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    setLink(null);
  }

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label="编辑工具">
        <Tool label="正文" active={s.paragraph} onClick={run((c) => c.setParagraph())}>
          正文
        </Tool>
        <Tool label="标题1" active={s.h1} onClick={run((c) => c.toggleHeading({ level: 1 }))}>
          H1
        </Tool>
        <Tool label="标题2" active={s.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
          H2
        </Tool>
        <Tool label="标题3" active={s.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
          H3
        </Tool>
        <Gap />
        <Tool label="加粗" icon={<BoldOutlined />} active={s.bold} onClick={run((c) => c.toggleBold())} />
        <Tool label="斜体" icon={<ItalicOutlined />} active={s.italic} onClick={run((c) => c.toggleItalic())} />
        <Tool label="下划线" icon={<UnderlineOutlined />} active={s.underline} onClick={run((c) => c.toggleUnderline())} />
        <Gap />
        <Tool label="无序列表" icon={<UnorderedListOutlined />} active={s.bulletList} onClick={run((c) => c.toggleBulletList())} />
        <Tool label="有序列表" icon={<OrderedListOutlined />} active={s.orderedList} onClick={run((c) => c.toggleOrderedList())} />
        <Tool label="引用" active={s.blockquote} onClick={run((c) => c.toggleBlockquote())}>
          <span aria-hidden>“”</span>
        </Tool>
        <Gap />
        <Tool label="插入表格" icon={<TableOutlined />} disabled={s.inTable} onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))} />
        <Tool label="增加行" icon={<InsertRowBelowOutlined />} disabled={!s.addRow} onClick={run((c) => c.addRowAfter())} />
        <Tool label="增加列" icon={<InsertRowRightOutlined />} disabled={!s.addColumn} onClick={run((c) => c.addColumnAfter())} />
        <Tool label="删除行" icon={<DeleteRowOutlined />} disabled={!s.deleteRow} onClick={run((c) => c.deleteRow())} />
        <Tool label="删除列" icon={<DeleteColumnOutlined />} disabled={!s.deleteColumn} onClick={run((c) => c.deleteColumn())} />
        <Tool label="删除表格" icon={<DeleteOutlined />} disabled={!s.inTable} onClick={run((c) => c.deleteTable())} />
        <Gap />
        <Tool label="链接" icon={<LinkOutlined />} active={s.link} onClick={openLink} />
        <Tool label="取消链接" icon={<DisconnectOutlined />} disabled={!s.link} onClick={run((c) => c.extendMarkRange('link').unsetLink())} />
        <Tool label="插入图片" icon={<PictureOutlined />} loading={pending > 0} onClick={() => fileInput.current?.click()} />
        <input ref={fileInput} type="file" multiple accept={IMAGE_ACCEPT} style={{ display: 'none' }} onChange={pick} data-testid="rte-image-input" />
        <Gap />
        <Tool label="撤销" icon={<UndoOutlined />} disabled={!s.undo} onClick={run((c) => c.undo())} />
        <Tool label="重做" icon={<RedoOutlined />} disabled={!s.redo} onClick={run((c) => c.redo())} />
      </div>
      <div className="rte-body" aria-busy={pending > 0}>
        {s.empty && placeholder ? (
          <div className="rte-placeholder" aria-hidden>
            {placeholder}
          </div>
        ) : null}
        <EditorContent editor={editor} />
      </div>
      <Modal
        title="链接"
        open={link !== null}
        okText="确定"
        cancelText="取消"
        onOk={applyLink}
        onCancel={() => setLink(null)}
        destroyOnHidden
        centered
      >
        <Input
          autoFocus
          aria-label="链接地址"
          placeholder="https://"
          value={link?.href ?? ''}
          status={link?.error ? 'error' : undefined}
          onChange={(e) => setLink({ href: e.target.value, error: null })}
          onPressEnter={applyLink}
        />
        {link?.error ? (
          <div className="rte-link-error" role="alert">
            {link.error}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}

function Tool({ label, icon, active, disabled, loading, onClick, children }: { label: string; icon?: ReactNode; active?: boolean; disabled?: boolean; loading?: boolean; onClick: () => void; children?: ReactNode }) {
  return (
    <Button
      size="small"
      color={active ? 'primary' : 'default'}
      variant={active ? 'filled' : 'text'}
      aria-label={label}
      aria-pressed={active}
      title={label}
      icon={icon}
      disabled={disabled}
      loading={loading}
      // Keep the editor's focus and selection: the command puts the focus back anyway.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

const Gap = () => <span className="rte-gap" aria-hidden />;
