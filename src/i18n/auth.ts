import { defineArea } from './define';

export default defineArea({ ja: {}, 'zh-cn': {}, en: {} });
