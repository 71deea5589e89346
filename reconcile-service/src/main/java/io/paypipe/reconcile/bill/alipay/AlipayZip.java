package io.paypipe.reconcile.bill.alipay;

import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

/**
 * The bill's zip, read as a stream. Entry names are GBK (Alipay does not set the zip's
 * UTF-8 flag). Exactly one {@code …_业务明细.csv} is read, {@code …_业务明细(汇总).csv} is skipped
 * (still read through, so its CRC is checked), any other entry is refused. A zip cut
 * inside an entry fails on the entry's data; one cut between entries or inside the
 * central directory is caught by looking for the end-of-central-directory record after
 * the last entry.
 */
final class AlipayZip {

    static final Charset GBK = Charset.forName("GBK");

    private static final String DETAIL_SUFFIX = "_业务明细.csv";

    private static final String SUMMARY_SUFFIX = "_业务明细(汇总).csv";

    private AlipayZip() {
    }

    static ParsedBill readDetail(InputStream in, AlipayDetailReader reader) throws IOException {
        TailZipInputStream zip = new TailZipInputStream(in);
        ParsedBill parsed = null;
        try {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                String name = baseName(entry.getName());
                if (name.endsWith(DETAIL_SUFFIX)) {
                    if (parsed != null) {
                        throw new BillFormatException(0, "not a bill: the zip holds two detail files");
                    }
                    parsed = reader.read(zip);
                }
                else if (!name.endsWith(SUMMARY_SUFFIX)) {
                    throw new BillFormatException(0, "not a bill: unknown file in the zip: " + name);
                }
                zip.closeEntry();
            }
            if (!zip.endOfCentralDirectoryFollows()) {
                throw new BillFormatException(reader.lineNumber(), "truncated zip: no end of central directory");
            }
        }
        catch (ZipException | EOFException ex) {
            throw new BillFormatException(reader.lineNumber(), "truncated or corrupt zip: " + ex.getMessage(), ex);
        }
        if (parsed == null) {
            throw new BillFormatException(0, "not a bill: the zip holds no " + DETAIL_SUFFIX + " file");
        }
        return parsed;
    }

    private static String baseName(String name) {
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        return name.substring(slash + 1);
    }

    /** A ZipInputStream that can read what follows its last local entry. */
    private static final class TailZipInputStream extends ZipInputStream {

        private static final int EOCD_SIGNATURE = 0x06054b50;

        TailZipInputStream(InputStream in) {
            super(in, GBK);
        }

        /**
         * After {@link #getNextEntry()} returned null: whether the rest of the stream
         * holds the end-of-central-directory record (a zip cut short has none).
         */
        boolean endOfCentralDirectoryFollows() throws IOException {
            int window = 0;
            long seen = 0;
            boolean found = false;
            for (int b = this.in.read(); b != -1; b = this.in.read()) {
                window = (window >>> 8) | (b << 24);
                seen++;
                if (seen >= 4 && window == EOCD_SIGNATURE) {
                    found = true;
                }
            }
            return found;
        }

    }

}
