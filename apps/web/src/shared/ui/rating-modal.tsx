// 好差评 for whatever a workflow lets its enterprise rate (an appeal's answer, a visit): the
// five-point scale, and a comment that 不满意 or below must give. What a bad rating leads to, if
// anything, is said before it is sent (`badNotice`).
import { Alert, Form, Input, Modal, Radio, Space } from 'antd';
import { APPEAL_MSG, APPEAL_RATING_LIST, APPEAL_RATINGS, isBadRating, type AppealRating } from '@hqt/contract/appeal';

export interface Rating {
  rating: AppealRating;
  comment?: string;
}

interface RatingModalProps {
  title: string;
  /** The message when a bad rating comes without a comment, and the comment's length limit. */
  comment: { required: string; max: number };
  badNotice?: string;
  onClose: () => void;
  onSend: (rating: Rating) => void;
  sending: boolean;
}

export function RatingModal({ title, comment, badNotice, onClose, onSend, sending }: RatingModalProps) {
  const [form] = Form.useForm<{ rating?: AppealRating; comment?: string }>();
  const rating = Form.useWatch('rating', form);
  const bad = rating !== undefined && isBadRating(rating);
  return (
    <Modal open title={title} okText="提交评价" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={sending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => v.rating && onSend({ rating: v.rating, ...(v.comment?.trim() ? { comment: v.comment.trim() } : {}) })}>
        <Form.Item name="rating" label="满意程度" rules={[{ required: true, message: APPEAL_MSG.ratingRequired }]}>
          <Radio.Group aria-label="满意程度">
            <Space wrap>
              {APPEAL_RATING_LIST.map((r) => (
                <Radio key={r} value={r}>
                  {APPEAL_RATINGS[r]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {bad && badNotice && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={badNotice} />}
        <Form.Item
          name="comment"
          label={bad ? '评价说明' : '评价说明（选填；不满意、非常不满意须填写）'}
          required={bad}
          rules={[{ required: bad, whitespace: true, message: comment.required }]}
        >
          <Input.TextArea rows={4} maxLength={comment.max} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
