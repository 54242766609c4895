/* A shared library the test program below is linked against and then cannot find at run time
   (it is built without a run path): an ELF executable of the right architecture that still
   cannot run, as a worker missing Botan or OpenSSL on the DUT. */
int cipherwatt_gone(void)
{
    return 0;
}
