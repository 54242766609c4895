/* Return codes shared by the ciphers and the backend table. */
#ifndef CW_STATUS_H
#define CW_STATUS_H

#define CW_OK 0
#define CW_ERR_PARAM (-1) /* a length or parameter the cipher does not take */
#define CW_ERR_AUTH (-2)  /* AEAD: the tag does not match; the output is wiped */
#define CW_ERR_HW (-3)    /* a hardware backend failed (timeout, busy peripheral) */

#endif
