package io.paypipe.reconcile.bill.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillParser;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * WeChat Pay's trade bill ({@code GET /v3/bill/tradebill}, types ALL, SUCCESS and REFUND;
 * CHANNELS.md §1.6), plain or gzip (told by the gzip magic bytes {@code 1f 8b}), UTF-8.
 * Rows go to the sink as they are read; see {@link WechatRows} for what each column
 * becomes. Fees: WeChat writes them with five decimals; each line's fee and the summary's
 * fee total are rounded HALF_UP to minor units, so the sum of the lines' fees may differ
 * from the summary's total by up to half a fen per line (a fee guard compares with that
 * tolerance). The stream is read to its end and closed.
 */
public class WechatBillParser implements BillParser {

    private static final int BUFFER = 64 * 1024;

    @Override
    public Channel channel() {
        return Channel.WECHATPAY;
    }

    @Override
    public ParsedBill parse(InputStream bill, Consumer<BillLine> sink) throws IOException {
        return parse(bill, sink, Optional.empty());
    }

    /**
     * Parses the bill and, when {@code sha1Hex} is given (the {@code hash_value} of step
     * 1, {@code hash_type} SHA1), checks it against the SHA-1 of the uncompressed file.
     * The check can only be made at the end: lines already handed to the sink belong to a
     * bill whose hash did not match, so the caller drops the batch on any
     * {@link BillFormatException}.
     */
    public ParsedBill parse(InputStream bill, Consumer<BillLine> sink, Optional<String> sha1Hex) throws IOException {
        BufferedInputStream in = new BufferedInputStream(bill, BUFFER);
        boolean compressed = startsWithGzipMagic(in);
        MessageDigest sha1 = sha1();
        try (InputStream plain = compressed ? gunzip(in) : in;
                BufferedReader reader = utf8Reader(new DigestInputStream(plain, sha1))) {
            ParsedBill parsed = new WechatBillReader(reader, sink, compressed).read();
            if (sha1Hex.isPresent()) {
                String actual = HexFormat.of().formatHex(sha1.digest());
                if (!actual.equals(sha1Hex.get().strip().toLowerCase(Locale.ROOT))) {
                    throw new BillFormatException(0,
                            "SHA-1 of the bill " + actual + " is not the announced " + sha1Hex.get());
                }
            }
            return parsed;
        }
    }

    private static boolean startsWithGzipMagic(BufferedInputStream in) throws IOException {
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        return first == 0x1f && second == 0x8b;
    }

    private static InputStream gunzip(InputStream in) throws IOException {
        try {
            return new GZIPInputStream(in, BUFFER);
        }
        catch (EOFException | ZipException ex) {
            throw new BillFormatException(0, "the gzip stream is truncated or corrupt", ex);
        }
    }

    private static BufferedReader utf8Reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(in,
                StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)),
                BUFFER);
    }

    private static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("no SHA-1 in this JVM", ex);
        }
    }

}
