/* See gone_library.c. */
int cipherwatt_gone(void);

int main(void)
{
    return cipherwatt_gone();
}
