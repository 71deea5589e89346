package io.paypipe.reconcile.bill.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillParser;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Alipay's trade bill as {@code alipay.data.dataservice.bill.downloadurl.query} serves it
 * (CHANNELS.md §2.3): a zip of GBK CSV files, of which the {@code …_业务明细.csv} detail file
 * is read (its {@code #} header lines, the 25-column header, the rows, the
 * {@code #交易合计：…} / {@code #退款合计：…} footer) and the {@code …_业务明细(汇总).csv} file is
 * skipped (its format is not documented; the footer is the summary). A bare detail CSV
 * (starting with {@code #}) is read too, for a file imported by hand.
 * <p>
 * The bill is one account's: every line's merchant is the app/partner id given here.
 * Lines go to the sink as they are read: a zip found truncated after some lines were
 * handed on still ends in a {@link BillFormatException}, which stops the batch.
 */
public class AlipayBillParser implements BillParser {

    private static final byte[] ZIP_MAGIC = { 'P', 'K', 3, 4 };

    private final String merchantId;

    public AlipayBillParser(String merchantId) {
        this.merchantId = Objects.requireNonNull(merchantId, "merchantId");
        if (merchantId.isBlank()) {
            throw new IllegalArgumentException("merchantId must not be blank");
        }
    }

    @Override
    public Channel channel() {
        return Channel.ALIPAY;
    }

    @Override
    public ParsedBill parse(InputStream bill, Consumer<BillLine> sink) throws IOException {
        BufferedInputStream in = new BufferedInputStream(bill, 64 * 1024);
        byte[] head = peek(in, 64);
        if (startsWith(head, ZIP_MAGIC)) {
            return AlipayZip.readDetail(in, new AlipayDetailReader(merchantId, sink));
        }
        int first = firstSignificantByte(head);
        if (first == '<' || first == '{') {
            throw new BillFormatException(0, "not a bill: the download is an HTML or JSON page (starts with '"
                    + (char) first + "'), not Alipay's zip");
        }
        if (first == '#') {
            return new AlipayDetailReader(merchantId, sink).read(in);
        }
        throw new BillFormatException(0,
                head.length == 0 ? "not a bill: the download is empty" : "not a bill: neither a zip nor a detail CSV");
    }

    private static byte[] peek(BufferedInputStream in, int n) throws IOException {
        in.mark(n);
        byte[] head = in.readNBytes(n);
        in.reset();
        return head;
    }

    private static boolean startsWith(byte[] head, byte[] prefix) {
        if (head.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (head[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** The first byte after white space and a UTF-8 byte-order mark, -1 if none. */
    private static int firstSignificantByte(byte[] head) {
        int i = 0;
        if (head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF) {
            i = 3;
        }
        for (; i < head.length; i++) {
            int b = head[i] & 0xFF;
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b;
            }
        }
        return -1;
    }

}
