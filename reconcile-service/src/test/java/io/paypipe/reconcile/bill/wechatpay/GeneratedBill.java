package io.paypipe.reconcile.bill.wechatpay;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * An ALL bill of {@code rows} payments of 0.01 yuan on 2026-11-29 (Beijing time) for
 * merchant {@value #MERCHANT} or the one given, generated as it is read (never held in
 * memory), counting the bytes it has handed out.
 */
public final class GeneratedBill extends InputStream {

    public static final String MERCHANT = "1900000109";

    private final long rows;

    private final String merchant;

    private long row = -1;

    private byte[] current = (WechatBills.ALL_HEADER + "\n").getBytes(StandardCharsets.UTF_8);

    private int position;

    private long produced;

    public GeneratedBill(long rows) {
        this(rows, MERCHANT);
    }

    public GeneratedBill(long rows, String merchant) {
        this.rows = rows;
        this.merchant = merchant;
    }

    public long produced() {
        return produced;
    }

    @Override
    public int read() {
        if (position == current.length && !advance()) {
            return -1;
        }
        produced++;
        return current[position++] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        if (position == current.length && !advance()) {
            return -1;
        }
        int n = Math.min(length, current.length - position);
        System.arraycopy(current, position, buffer, offset, n);
        position += n;
        produced += n;
        return n;
    }

    private boolean advance() {
        row++;
        String text;
        if (row < rows) {
            text = String.format("`2026-11-29 10:%02d:%02d,`wxapp0001,`%s,`0,`,`42%026d,`ORD-%d,`oUser,`JSAPI,"
                    + "`SUCCESS,`OTHERS,`CNY,`0.01,`0.00,`0,`0,`0.00,`0.00,`,`,`Tea,`,`0.00006,`0.60%%,`0.01,`0.00,`\n",
                    (row / 60) % 60, row % 60, merchant, row, row);
        }
        else if (row == rows) {
            text = WechatBills.ALL_SUMMARY_HEADER + "\n"
                    + String.format("`%d,`%d.%02d,`0.00,`0.00,`%d.%05d,`0.00,`0.00\n", rows, rows / 100, rows % 100,
                            rows * 6 / 100_000, rows * 6 % 100_000);
        }
        else {
            return false;
        }
        current = text.getBytes(StandardCharsets.UTF_8);
        position = 0;
        return true;
    }

}
