package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.wechatpay.bill.TradeBillFormat.BillAccount;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One ALL trade bill as the sandbox serves it for a merchant's day: its rows, whether it
 * shows them ({@code detail}) and its summary ({@code summary}), whether the summary
 * disagrees with them, and how the download delivers it ({@link Delivery}). Written as a
 * stream, row by row: the same bill written twice is the same bytes (the SHA-1 of step 1
 * and the download's Content-Length hold).
 */
record TradeBill(BillAccount account, BillRows rows, boolean detail, boolean summary, boolean disagrees,
        Delivery delivery) {

    /** A made-up payer for generated rows. */
    static final String GENERATED_PAYER = "oGENERATED0000000000000000000";

    private static final int BUFFER = 64 * 1024;

    /** How the download hands the bill over. */
    enum Delivery {

        /** The file, as asked for (gzip for {@code tar_type=GZIP}). */
        FILE,
        /** A 200 HTML page instead of the file. */
        ERROR_PAGE,
        /** A 200 JSON error instead of the file. */
        ERROR_JSON,
        /** The file cut in half (the compressed bytes for GZIP). */
        TRUNCATED

    }

    TradeBill {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(delivery, "delivery");
    }

    /**
     * Writes the uncompressed file to {@code out} (UTF-8, no byte order mark) and flushes
     * it; {@code out} stays open.
     */
    void writePlain(OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER);
        StringBuilder line = new StringBuilder(512);
        writer.write(TradeBillFormat.DETAIL_HEADER);
        writer.write(TradeBillFormat.EOL);
        BillTotals totals = new BillTotals();
        for (Settlement row : rows) {
            totals.add(row);
            if (detail) {
                line.setLength(0);
                TradeBillFormat.row(line, account, row,
                        rows.generated() ? GENERATED_PAYER : TradeBillFormat.payer(account, row));
                writer.append(line);
            }
        }
        if (summary) {
            if (disagrees) {
                totals.disagree();
            }
            line.setLength(0);
            TradeBillFormat.summary(line, totals);
            writer.append(line);
        }
        writer.flush();
    }

}
